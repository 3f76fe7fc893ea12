/**
 * Row-level security rules of declared entities, in the forms the platform documents for `base44/entities/*.jsonc`:
 * `true` / omitted / `{}` (everyone, anonymous visitors included), `false` (nobody but the service role), and an object
 * whose keys must all match:
 * - `created_by`, `created_by_id`, `data.<field>`: a field of the record, compared with `{{user.email}}`, `{{user.id}}`,
 *   `{{user.role}}`, `{{user.data.<field>}}` or a literal (string, number, boolean, null);
 * - `user_condition`: `{ role | email | id | data.<field>: literal }`, checked against the caller's user record.
 * Logical and field operators (`$or`, `$in`, ...) are refused when the file is loaded, so a rule is never half-applied.
 */

const RLS_OPERATIONS = ['create', 'read', 'update', 'delete'] as const;
export type RlsOperation = (typeof RLS_OPERATIONS)[number];

/** A value to compare with: a literal, or a field of the caller's user record. */
type Expected = { literal: string | number | boolean | null } | { userPath: string[] };

export type RlsRule =
  | boolean
  | {
      record: { path: string[]; expected: Expected }[];
      user: { path: string[]; literal: string | number | boolean | null }[];
    };

export type RlsRules = Record<RlsOperation, RlsRule>;

/** Who is asking: the service role (bypasses RLS), or the app's `User` record of the caller (null = anonymous). */
export interface Viewer {
  service: boolean;
  user: Record<string, unknown> | null;
}

const RECORD_FIELDS = new Set(['created_by', 'created_by_id']);
const USER_FIELDS = new Set(['email', 'id', 'role']);
// A dotted path of names: `data.` followed by such a path is one too, so `data.<path>` is tested whole.
const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const TEMPLATE = /^\{\{\s*user\.([A-Za-z0-9_.]+)\s*\}\}$/;

/** A rule the loader refuses; the message says where (`rls.read.data.owner`) and why. */
export class RlsRuleError extends Error {
  override name = 'RlsRuleError';
}

function isLiteral(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

// `email` / `id` / `role` / `data.<field>` of the user, as a path into the flat user record (custom user fields are
// stored beside the built-in ones in the emulator, under `data` on the platform).
function userPath(key: string, where: string): string[] {
  if (USER_FIELDS.has(key)) return [key];
  if (key.startsWith('data.') && FIELD_PATH.test(key)) return key.slice(5).split('.');
  throw new RlsRuleError(`${where}: unknown user field ${key} (use email, id, role or data.<field>)`);
}

function parseExpected(value: unknown, where: string): Expected {
  if (typeof value === 'string' && value.includes('{{')) {
    const template = TEMPLATE.exec(value);
    if (!template) throw new RlsRuleError(`${where}: ${value} is not a {{user.<field>}} template`);
    return { userPath: userPath(template[1]!, where) };
  }
  if (!isLiteral(value))
    throw new RlsRuleError(`${where}: operators and objects are not supported here, use a plain value`);
  return { literal: value };
}

/** Reads one rule; throws RlsRuleError for anything outside the supported forms. */
function parseRule(value: unknown, where: string): RlsRule {
  if (value === undefined || value === true) return true;
  if (value === false) return false;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RlsRuleError(`${where} must be true, false or a condition object`);
  const out: Exclude<RlsRule, boolean> = { record: [], user: [] };
  for (const [key, inner] of Object.entries(value)) {
    const here = `${where}.${key}`;
    if (key.startsWith('$'))
      throw new RlsRuleError(`${here}: the operator ${key} is not supported by the local emulator`);
    if (key === 'user_condition') {
      if (typeof inner !== 'object' || inner === null || Array.isArray(inner))
        throw new RlsRuleError(`${here} must be an object such as { "role": "admin" }`);
      for (const [field, literal] of Object.entries(inner)) {
        if (!isLiteral(literal))
          throw new RlsRuleError(`${here}.${field}: user_condition only checks equality with a plain value`);
        out.user.push({ path: userPath(field, `${here}.${field}`), literal });
      }
    } else if (RECORD_FIELDS.has(key)) {
      out.record.push({ path: [key], expected: parseExpected(inner, here) });
    } else if (key.startsWith('data.') && FIELD_PATH.test(key)) {
      out.record.push({ path: key.slice(5).split('.'), expected: parseExpected(inner, here) });
    } else {
      throw new RlsRuleError(
        `${here}: unknown condition ${key} (use created_by, created_by_id, data.<field> or user_condition)`,
      );
    }
  }
  // `{}` is the platform's "open to everyone", the same as true.
  return out.record.length === 0 && out.user.length === 0 ? true : out;
}

/** Reads the `rls` block of an entity file (absent = every operation open). */
export function parseRules(value: unknown, where: string): RlsRules {
  if (value === undefined) value = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RlsRuleError(`${where} must be an object with create, read, update and delete rules`);
  const block = value as Record<string, unknown>;
  for (const key of Object.keys(block)) {
    if (!(RLS_OPERATIONS as readonly string[]).includes(key))
      throw new RlsRuleError(`${where}.${key} is not an operation (create, read, update, delete)`);
  }
  return {
    create: parseRule(block.create, `${where}.create`),
    read: parseRule(block.read, `${where}.read`),
    update: parseRule(block.update, `${where}.update`),
    delete: parseRule(block.delete, `${where}.delete`),
  };
}

function valueAt(source: Record<string, unknown>, path: string[]): unknown {
  let value: unknown = source;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Whether `viewer` may do the rule's operation on `record`. An anonymous caller matches no condition that involves the
 * user (`user_condition`, `{{user.*}}`); a condition on the record alone (`{"data.status": "published"}`) applies to
 * everyone.
 */
export function allows(rule: RlsRule, record: Record<string, unknown>, viewer: Viewer): boolean {
  if (viewer.service || rule === true) return true;
  if (rule === false) return false;
  // An anonymous caller has no fields, so no user condition matches it (a condition's value is never undefined).
  const user = viewer.user ?? {};
  for (const { path, literal } of rule.user) if (valueAt(user, path) !== literal) return false;
  for (const { path, expected } of rule.record) {
    const actual = valueAt(record, path);
    if ('literal' in expected) {
      if ((actual ?? null) !== expected.literal) return false;
    } else {
      // A user field the caller does not have (or an anonymous caller) matches nothing, not even a record that lacks
      // the field too.
      const wanted = valueAt(user, expected.userPath);
      if (wanted === undefined || wanted === null || actual !== wanted) return false;
    }
  }
  return true;
}
