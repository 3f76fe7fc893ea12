import path from 'node:path';
import { parseJsonc } from '../core/jsonc.ts';
import { checkEntityName } from './record-patch.ts';
import { RecordSchema } from './record-schema.ts';
import { parseRules, type RlsRules } from './rls-rules.ts';

/** One entity declared in the project (`base44/entities/<Name>.jsonc`), or pushed by the platform's CLI. */
export interface DeclaredEntity {
  name: string;
  /** The file it came from (or what pushed it), for messages. */
  file: string;
  schema: RecordSchema;
  rls: RlsRules;
}

/** A declaration file that cannot be used; the message starts with the file's path. */
export class EntityFileError extends Error {
  override name = 'EntityFileError';
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
  }
}

// `TeamMember` for `TeamMember.jsonc` or `team-member.jsonc` (the platform's CLI names files in kebab-case).
function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads and checks one declaration file; throws EntityFileError naming the file and the problem. */
export function readEntityFile(file: string, text: string): DeclaredEntity {
  let parsed: unknown;
  try {
    parsed = parseJsonc(text);
  } catch (error) {
    throw new EntityFileError(file, `not valid JSONC (${(error as Error).message})`);
  }
  return declareEntity(file, parsed, path.basename(file));
}

/**
 * Checks one declaration: a file's content (`fileName` given, which the entity's name must match), or a schema the
 * platform's CLI pushed (`source` names it in messages). Throws EntityFileError naming `source` and the problem.
 */
export function declareEntity(source: string, parsed: unknown, fileName?: string): DeclaredEntity {
  const fail = (problem: string) => new EntityFileError(source, problem);
  if (!isObject(parsed)) throw fail('must hold a JSON object');
  const { name, type, properties, required, rls, $schema: _s, $id: _i, ...rest } = parsed;
  if (typeof name !== 'string') throw fail('"name" must be the entity\'s name, a string');
  try {
    checkEntityName(name);
  } catch (error) {
    throw fail((error as Error).message);
  }
  const base = fileName?.replace(/\.jsonc?$/, '');
  if (base !== undefined && base !== name && base !== kebab(name))
    throw fail(`"name" is ${name}, but the file is named ${fileName} (expected ${name}.jsonc)`);
  if (type !== 'object') throw fail('"type" must be "object"');
  if (!isObject(properties)) throw fail('"properties" must be an object of field definitions');
  for (const [field, definition] of Object.entries(properties)) {
    if (!isObject(definition))
      throw fail(`properties.${field} must be an object such as { "type": "string" }`);
  }
  if (required !== undefined && (!Array.isArray(required) || required.some((r) => typeof r !== 'string')))
    throw fail('"required" must be an array of field names');
  let schema: RecordSchema;
  try {
    schema = new RecordSchema(name, { ...rest, type, properties, ...(required ? { required } : {}) });
  } catch (error) {
    throw fail(`the schema is not valid JSON Schema (${(error as Error).message})`);
  }
  try {
    return { name, file: source, schema, rls: parseRules(rls, 'rls') };
  } catch (error) {
    throw fail((error as Error).message);
  }
}
