import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { parseBoundedJson } from './json-shape.ts';

/** JSON bodies above this size are refused with 413. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** Each uploaded file may be this large. */
const FILE_SIZE_LIMIT = 10 * 1024 * 1024;
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Body parsers: JSON (an empty body is allowed, because the reference client posts `log-user-in-app` with a JSON
 * content type and no body), URL-encoded forms (the login and payment pages) and multipart (files).
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        // Depth and key counts are bounded here, for every JSON body, before any route sees it (json-shape.ts).
        done(null, parseBoundedJson(text));
      } catch (error) {
        done(error as Error);
      }
    },
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  await app.register(multipart, {
    limits: { fileSize: FILE_SIZE_LIMIT, files: 5, fields: 100, fieldSize: JSON_BODY_LIMIT, parts: 105 },
  });
}
