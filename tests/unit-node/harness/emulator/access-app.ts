/**
 * Shared helper for the unit tests of the emulator's access routes (auth, entities, public settings, login page): the
 * feature app of `./feature-app.ts` holding only these routes, with the entities a temporary folder declares
 * (schema and row-level security), as the emulator wires them. Built inside each test: nothing here runs while a test
 * file is collected.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { registerAuthRoutes } from '../../../../host-harness/src/emulator/auth/auth-routes.ts';
import { DeclaredEntities } from '../../../../host-harness/src/emulator/entities/declared-entities.ts';
import { registerEntityRoutes } from '../../../../host-harness/src/emulator/entities/entity-routes.ts';
import type { Answer, FeatureApp } from './feature-app.ts';
import { APP, featureApp } from './feature-app.ts';

export { ACCOUNT_IDS, APP, EMAILS, SERVICE_TOKEN } from './feature-app.ts';

const ADMIN_ONLY = { user_condition: { role: 'admin' } };
const OWNER = { created_by: '{{user.email}}' };

/**
 * The declarations the entity tests use:
 * - `Order`: created by the service role only (`create: false`), everything else admin-only; `session_id` and
 *   `status` required;
 * - `Note`: owner rules (e-mail for create, read and update, user id for delete), `text` of at most 20 characters,
 *   `pinned` defaulting to false;
 * - `Ticket`: anyone creates, read by `data.assignee`, update by the admin's e-mail, delete by the user's team;
 * - `Post`: readable when published, everything else open; `views` an integer.
 */
export const DECLARATIONS: Record<string, unknown> = {
  'Order.jsonc': {
    name: 'Order',
    type: 'object',
    properties: {
      session_id: { type: 'string' },
      status: { type: 'string', enum: ['paid'] },
      email_sent: { type: 'boolean' },
    },
    required: ['session_id', 'status'],
    rls: { create: false, read: ADMIN_ONLY, update: ADMIN_ONLY, delete: ADMIN_ONLY },
  },
  'Note.jsonc': {
    name: 'Note',
    type: 'object',
    properties: {
      text: { type: 'string', maxLength: 20 },
      pinned: { type: 'boolean', default: false },
    },
    required: ['text'],
    rls: { create: OWNER, read: OWNER, update: OWNER, delete: { created_by_id: '{{user.id}}' } },
  },
  'Ticket.jsonc': {
    name: 'Ticket',
    type: 'object',
    properties: { title: { type: 'string' }, assignee: { type: 'string' }, team: { type: 'string' } },
    rls: {
      create: true,
      read: { 'data.assignee': '{{user.email}}' },
      update: { user_condition: { email: 'admin@example.com' } },
      delete: { 'data.team': '{{user.data.team}}' },
    },
  },
  'Post.jsonc': {
    name: 'Post',
    type: 'object',
    properties: {
      title: { type: 'string' },
      status: { type: 'string', enum: ['draft', 'published'] },
      views: { type: 'integer' },
    },
    rls: { read: { 'data.status': 'published' } },
  },
};

/** The declarations above, loaded from a temporary folder (removed once read). */
export function declaredEntities(): DeclaredEntities {
  const dir = mkdtempSync(path.join(tmpdir(), 'access-entities-'));
  try {
    for (const [name, content] of Object.entries(DECLARATIONS))
      writeFileSync(path.join(dir, name), JSON.stringify(content));
    return DeclaredEntities.load(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A feature app with the entity routes (the declarations above, or none) and, when asked, the auth routes. */
export async function accessApp(
  opts: { auth?: boolean; declared?: DeclaredEntities } = {},
): Promise<FeatureApp> {
  const declared = opts.declared ?? DeclaredEntities.none();
  return featureApp((app, state) => {
    state.entities.setDeclared((entity) => declared.has(entity));
    registerEntityRoutes(app, { state, declared });
    if (opts.auth) registerAuthRoutes(app, state);
  });
}

/** The path of an app's entity route. */
export function entities(entity: string, rest = '', appId = APP): string {
  return `/api/apps/${appId}/entities/${entity}${rest}`;
}

/** The status and body of an answer, to compare in one assertion. */
export function answered(answer: Answer): { status: number; body: unknown } {
  return { status: answer.status, body: answer.body };
}
