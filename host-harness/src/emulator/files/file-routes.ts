import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../core/errors.ts';
import { type FileStore, type StoredFile, safeFileName } from './file-store.ts';

/** Where an uploaded file is served, on the emulator's origin as the caller reached it. */
export function fileUrl(baseUrl: string, file: StoredFile): string {
  return `${baseUrl}/files/${file.id}/${encodeURIComponent(file.name)}`;
}

/** Uploaded files (`Core.UploadFile`), served as downloads or inert images and PDFs. */
export function registerFileRoutes(app: FastifyInstance, files: FileStore): void {
  app.get('/files/:id/:name', async (request, reply) => {
    const { id, name } = request.params as { id: string; name: string };
    const file = files.get(id);
    if (!file || file.name !== safeFileName(name))
      throw new NotFoundError('File not found', 'file_not_found');
    // Uploaded content is untrusted: never let it run as a page of the emulator's origin.
    const inline =
      /^image\/(png|jpeg|gif|webp)$/.test(file.content_type) || file.content_type === 'application/pdf';
    return reply
      .header('content-type', inline ? file.content_type : 'application/octet-stream')
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${file.name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(file.data);
  });
}
