import type { FastifySchemaValidationError, SchemaErrorDataVar } from 'fastify/types/schema.js';
import { BadRequestError } from '../errors.ts';

/**
 * Ajv as the platform checks bodies: no type coercion (`{"email": 1}` is refused, not read as `"1"`), no defaults
 * or removals behind the caller's back; `verbose` gives the error formatter each failing schema's `description`.
 */
export const AJV_OPTIONS = {
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  allErrors: false,
  verbose: true,
} as const;

/** A required text field of 1 to `max` characters; `what` names it in the refusal ("an e-mail address"). */
export function textField(max: number, what = `a string of 1 to ${max} characters`) {
  return { type: 'string', minLength: 1, maxLength: max, description: what } as const;
}

/** A JSON object body with these fields (others are allowed: the routes read only what they know). */
export function objectBody(properties: Record<string, object>, required: readonly string[] = []) {
  return { type: 'object', properties, required, description: 'a JSON object' } as const;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  object: 'an object',
  array: 'an array',
  boolean: 'true or false',
  integer: 'a whole number',
  number: 'a number',
};

type VerboseError = FastifySchemaValidationError & { parentSchema?: { description?: string } };

function refusalText(error: VerboseError, dataVar: SchemaErrorDataVar): string {
  const path = error.instancePath.slice(1).split('/').join('.');
  const where = path || (dataVar === 'body' ? 'The request body' : dataVar);
  if (error.keyword === 'required') {
    const field = String(error.params.missingProperty);
    return `${path ? `${path}.` : ''}${field} is required`;
  }
  const what = error.parentSchema?.description;
  if (what) return `${where} must be ${what}`;
  if (error.keyword === 'type') {
    const type = String(error.params.type);
    return `${where} must be ${TYPE_NAMES[type] ?? type}`;
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params.allowedValues as unknown[]).map(String).join(', ');
    return `${where} must be one of ${allowed}`;
  }
  return `${where} ${error.message ?? 'is not valid'}`;
}

/**
 * A body or query that fails its route schema, refused in the platform's shape (`{ message, code }`, 400), with the
 * first failure in words: `email is required`, `otp_code must be a string of 1 to 12 characters`.
 */
export function schemaErrorFormatter(
  errors: FastifySchemaValidationError[],
  dataVar: SchemaErrorDataVar,
): BadRequestError {
  const [first] = errors;
  const message = first ? refusalText(first, dataVar) : `The request ${dataVar} is not valid`;
  return new BadRequestError(message, dataVar === 'body' ? 'invalid_body' : 'invalid_parameter');
}
