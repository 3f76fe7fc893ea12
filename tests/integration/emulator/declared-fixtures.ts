/** Entity declarations for the declared-entity tests, written to a temporary `entitiesDir`. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ADMIN_ONLY = { user_condition: { role: 'admin' } };
const OWNER = { created_by: '{{user.email}}' };

/** Shaped like the project's Order (base44/entities/Order.jsonc): created only by the service role, everything else admin-only. */
export const ORDER = {
  name: 'Order',
  type: 'object',
  properties: {
    session_id: { type: 'string' },
    customer_email: { type: 'string', format: 'email' },
    amount_total: { type: 'integer' },
    currency: { type: 'string' },
    status: { type: 'string', enum: ['paid'] },
    paid_at: { type: 'string', format: 'date-time' },
    email_sent: { type: 'boolean' },
  },
  required: ['session_id', 'status'],
  rls: { create: false, read: ADMIN_ONLY, update: ADMIN_ONLY, delete: ADMIN_ONLY },
};

/** Owner rules: e-mail for create, read and update, user id for delete. */
export const NOTE = {
  name: 'Note',
  type: 'object',
  properties: { text: { type: 'string', maxLength: 200 }, pinned: { type: 'boolean', default: false } },
  required: ['text'],
  rls: { create: OWNER, read: OWNER, update: OWNER, delete: { created_by_id: '{{user.id}}' } },
};

/** Record fields against the user (`data.*`), a user_condition on e-mail, and a team held on the user record. */
export const TICKET = {
  name: 'Ticket',
  type: 'object',
  properties: { title: { type: 'string' }, assignee: { type: 'string' }, team: { type: 'string' } },
  rls: {
    create: true,
    read: { 'data.assignee': '{{user.email}}' },
    update: { user_condition: { email: 'admin@example.com' } },
    delete: { 'data.team': '{{user.data.team}}' },
  },
};

/** A condition on the record alone: published posts are readable by everyone, anonymous visitors included. */
export const POST = {
  name: 'Post',
  type: 'object',
  properties: { title: { type: 'string' }, status: { type: 'string', enum: ['draft', 'published'] } },
  rls: { read: { 'data.status': 'published' } },
};

/** A schema with nested objects, arrays, defaults and formats; declared in a kebab-case JSONC file with comments. */
export const SAMPLE_JSONC = `// A declaration as the platform's CLI writes it: comments, trailing commas, kebab-case file name.
{
  "name": "TeamMember", /* the entity */
  "type": "object",
  "description": "Has // and /* inside a string */, which are not comments",
  "properties": {
    "name": { "type": "string", "minLength": 1 },
    "homepage": { "type": "string", "format": "uri" }, // trailing comment
    "joined": { "type": "string", "format": "date" },
    "level": { "type": "integer", "minimum": 1, "maximum": 5, "default": 1 },
    "zip": { "type": "string" },
    "motto": { "type": "string", "enum": ["a//b", "c/*d*/e"] },
    "address": {
      "type": "object",
      "properties": { "postcode": { "type": "string" } },
    },
    "tags": { "type": "array", "items": { "type": "string" } },
  },
  "required": ["name",],
}
`;

export interface EntitiesDir {
  dir: string;
  remove(): void;
}

/** Writes files (objects as JSON, strings as is) into a new temporary folder. */
export function entitiesDir(files: Record<string, unknown>): EntitiesDir {
  const dir = mkdtempSync(path.join(tmpdir(), 'entities-'));
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(
      path.join(dir, name),
      typeof content === 'string' ? content : JSON.stringify(content, null, 2),
    );
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The declarations most tests use. */
export function standardEntities(): EntitiesDir {
  return entitiesDir({
    'Order.jsonc': ORDER,
    'Note.jsonc': NOTE,
    'Ticket.jsonc': TICKET,
    'Post.json': POST,
    'team-member.jsonc': SAMPLE_JSONC,
  });
}
