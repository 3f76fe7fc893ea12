import { BadRequestError } from '../core/errors.ts';
import { type DeclaredEntity, declareEntity } from '../entities/index.ts';

/**
 * `PUT entity-schemas` as the platform's CLI (0.1.18, `syncEntities`) sends it: `{ entityNameToSchema: { <Name>:
 * <schema> } }`, the app's whole set of entities. Every schema is checked as the project's entity files are (a name,
 * `type: "object"`, field definitions, a valid JSON Schema, row-level security the harness enforces) before any of
 * them applies; the first problem is a 400 naming the entity. The answer says what the push created, updated and
 * deleted: an entity the app had that the push does not name is deleted, records and all.
 */

/** Entities in one push (the platform documents no bound; this one keeps a push's checks to milliseconds). */
export const MAX_PUSHED_ENTITIES = 200;
/** The platform's own entity: never deleted by a push, and its access rules stay built in. */
const BUILT_IN = 'User';

export interface EntityPush {
  /** As pushed, by name: what the app keeps (and reads again after a restart). */
  schemas: Record<string, unknown>;
  declarations: DeclaredEntity[];
}

export interface SyncOutcome {
  created: string[];
  updated: string[];
  deleted: string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The checked push; a 400 naming the first entity the platform would refuse. */
export function readEntityPush(body: unknown): EntityPush {
  const schemas = isObject(body) ? body.entityNameToSchema : undefined;
  if (!isObject(schemas))
    throw new BadRequestError(
      'The body must be { entityNameToSchema: { <Name>: <schema> } }',
      'invalid_body',
    );
  const entries = Object.entries(schemas);
  if (entries.length > MAX_PUSHED_ENTITIES)
    throw new BadRequestError(`A push holds at most ${MAX_PUSHED_ENTITIES} entities`, 'invalid_body');
  const declarations = entries.map(([key, schema]) => {
    let declared: DeclaredEntity;
    try {
      declared = declareEntity(`Entity ${key.slice(0, 80)}`, schema);
    } catch (error) {
      throw new BadRequestError((error as Error).message, 'invalid_entity_schema');
    }
    if (declared.name !== key)
      throw new BadRequestError(
        `Entity ${key.slice(0, 80)}: its schema is named ${declared.name}, not ${key.slice(0, 80)}`,
        'invalid_entity_schema',
      );
    return declared;
  });
  return { schemas, declarations };
}

/** What a push of `pushed` does to an app that had `before`: the built-in `User` is never deleted. */
export function syncOutcome(before: readonly string[], pushed: readonly string[]): SyncOutcome {
  const had = new Set(before);
  const keeps = new Set(pushed);
  return {
    created: pushed.filter((name) => !had.has(name)),
    updated: pushed.filter((name) => had.has(name)),
    deleted: before.filter((name) => !keeps.has(name) && name !== BUILT_IN),
  };
}
