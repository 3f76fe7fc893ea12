import type { FastifyRequest } from 'fastify';
import { ApiError, BadRequestError } from '../errors.ts';
import { jsonShapeProblem } from './json-shape.ts';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface NamedParams {
  values: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

// Multipart sends objects as JSON strings and everything else as strings (the contract's body rule).
function fieldValue(raw: string): unknown {
  const trimmed = raw.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    // The same bounds as a JSON body (json-shape.ts): a field's JSON becomes part of a stored record or a call.
    const problem = jsonShapeProblem(trimmed, 'A multipart field');
    if (problem) throw new BadRequestError(problem, 'invalid_body');
    try {
      return JSON.parse(trimmed);
    } catch {
      return raw;
    }
  }
  return raw;
}

/**
 * Reads the named parameters of an integration or function call: a JSON object, or a multipart form (files as files,
 * JSON strings parsed back to objects). Anything else is a 400.
 */
export async function readNamedParams(request: FastifyRequest, what: string): Promise<NamedParams> {
  if (!request.isMultipart()) {
    // Only a missing body means "no parameters": a JSON `null` is a body that is not an object.
    const body = request.body === undefined ? {} : request.body;
    if (!isPlainObject(body)) {
      throw new BadRequestError(`${what} must receive an object with named parameters`, 'invalid_body');
    }
    return { values: body, files: {} };
  }
  return readMultipartParams(request);
}

/** Reads a multipart form's named parameters (files as files, JSON strings parsed back to objects). */
export async function readMultipartParams(request: FastifyRequest): Promise<NamedParams> {
  const params: NamedParams = { values: {}, files: {} };
  try {
    for await (const part of request.parts()) {
      if (part.fieldname === '__proto__')
        throw new BadRequestError('Field name __proto__ is not allowed', 'invalid_body');
      if (part.type === 'file') {
        params.files[part.fieldname] = {
          filename: part.filename,
          mimetype: part.mimetype,
          data: await part.toBuffer(),
        };
      } else {
        params.values[part.fieldname] = fieldValue(String(part.value));
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) throw error;
    throw new BadRequestError(
      'The multipart body is malformed',
      'invalid_multipart',
      (error as Error).message,
    );
  }
  return params;
}

/** A required string parameter of at most `max` characters (400 `invalid_body` otherwise). */
export function requiredText(values: Record<string, unknown>, field: string, max: number): string {
  const value = values[field];
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    throw new BadRequestError(
      `${field} is required and must be a string of at most ${max} characters`,
      'invalid_body',
    );
  }
  return value;
}
