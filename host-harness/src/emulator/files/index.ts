/** Uploaded files: stored as blobs in the database, served from `/files/{id}/{name}`. */

export { fileUrl, registerFileRoutes } from './file-routes.ts';
export { FILE_TABLES, FileStore, type StoredFile } from './file-store.ts';
