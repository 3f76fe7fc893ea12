/**
 * Entities: records (SQLite, cached in memory), their queries, the routes of the contract and import, the entities
 * the project declares (`base44/entities/*.jsonc`: JSON Schema and row-level security, or what the platform's CLI
 * pushed in their place), and their realtime rooms.
 */
export { DEFAULT_ENTITIES_DIR, DeclaredEntities } from './declared-entities.ts';
export { type DeclaredEntity, declareEntity, EntityFileError } from './entity-file.ts';
export { mayJoinEntityRoom } from './entity-rooms.ts';
export { registerEntityRoutes } from './entity-routes.ts';
export { type ChangeListener, ENTITY_TABLES, type EntityRecord, EntityStore } from './entity-store.ts';
export { readersOf } from './record-access.ts';
