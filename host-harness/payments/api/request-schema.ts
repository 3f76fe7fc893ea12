/**
 * Requests checked against the provider's own description of them (`provider-schema.json`, written from it by
 * `scripts/provider-schema.mjs`): a form body or a query decoded by `qs` (the bracket notation the provider's
 * SDKs encode), then validated by Ajv.
 */
import { readFileSync } from 'node:fs';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import qs from 'qs';
import { invalidRequest, type ProviderError } from './provider-error.ts';

/** A decoded form value: text, or objects and arrays built from bracket notation. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

interface SchemaFile {
  api_version: string;
  operations: Record<string, { in: 'body' | 'query'; schema: Record<string, unknown> }>;
}

const SCHEMA_FILE: SchemaFile = JSON.parse(
  readFileSync(new URL('./provider-schema.json', import.meta.url), 'utf8'),
);

/** The API version the description is of. */
export const DESCRIBED_VERSION = SCHEMA_FILE.api_version;

/**
 * Before `2026-09-30.endive` a session named its methods with `payment_method_types`, which that version
 * "Removes … from the create Checkout Session method" for `allowed_payment_method_types`
 * (docs.stripe.com/changelog/endive/ 2026-09-30/remove-payment-method-types-checkout-sessions): the
 * description of an older version, changed back.
 */
export const PAYMENT_METHOD_TYPES_REMOVED_IN = '2026-09-30.endive';
const SESSIONS = 'POST /v1/checkout/sessions';

function olderSessionSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { allowed_payment_method_types: _removed, ...properties } = schema.properties as Record<
    string,
    unknown
  >;
  return {
    ...schema,
    properties: { ...properties, payment_method_types: { type: 'array', items: { type: 'string' } } },
  };
}

// Strings become numbers and booleans where the description says so (a form carries only text), on a copy: the
// request's own values reach the rules unchanged.
const ajv = new Ajv({ allErrors: false, coerceTypes: true, strict: false, verbose: true });
const validators = new Map<string, ValidateFunction>();

function validatorOf(operation: string, older: boolean): ValidateFunction {
  const key = `${operation}${older ? ' (older)' : ''}`;
  let validate = validators.get(key);
  if (!validate) {
    const described = SCHEMA_FILE.operations[operation];
    if (!described) throw new Error(`the provider's description has no ${operation}`);
    validate = ajv.compile(older ? olderSessionSchema(described.schema) : described.schema);
    validators.set(key, validate);
  }
  return validate;
}

/** `line_items/0/price_data` as the provider names it: `line_items[0][price_data]`. */
function paramOf(path: string, key?: string): string {
  const [first = '', ...rest] = [...path.split('/').slice(1), ...(key === undefined ? [] : [key])];
  return first + rest.map((part) => `[${part}]`).join('');
}

/** "a, b or c", as the provider lists a parameter's values. */
const oneOf = (values: unknown[]) =>
  values.length > 1
    ? `${values.slice(0, -1).map(String).join(', ')} or ${String(values.at(-1))}`
    : String(values[0]);

/** The provider's 400 for the first thing the description refuses. */
function refusalOf(error: ErrorObject): ProviderError {
  const param = paramOf(error.instancePath);
  const { params } = error;
  switch (error.keyword) {
    case 'additionalProperties': {
      const unknown = paramOf(error.instancePath, String(params.additionalProperty));
      return invalidRequest(
        `Received unknown parameter: ${unknown.slice(0, 100)}`,
        unknown,
        'parameter_unknown',
      );
    }
    case 'required': {
      const missing = paramOf(error.instancePath, String(params.missingProperty));
      return invalidRequest(`Missing required param: ${missing}.`, missing, 'parameter_missing');
    }
    case 'enum':
      return invalidRequest(
        `Invalid ${param}: must be one of ${oneOf(params.allowedValues as unknown[])}`,
        param,
      );
    case 'maxLength':
      return invalidRequest(`Invalid ${param}: must be at most ${params.limit} characters`, param);
    case 'type': {
      // "Invalid integer: abc", "Invalid array": the expected type, and the value when it is text.
      const scalar = params.type !== 'array' && params.type !== 'object' && typeof error.data === 'string';
      const shown = scalar && error.data !== '' ? `: ${(error.data as string).slice(0, 40)}` : '';
      return invalidRequest(`Invalid ${String(params.type)}${shown}`, param);
    }
    default:
      return invalidRequest(`Invalid ${param}: ${error.message ?? 'not valid'}`, param);
  }
}

const MAX_PARAMETERS = 1_000;
const MAX_DEPTH = 8;
/** Bracket notation: a name, then `[segment]`s (`expand[]` appends). */
const BRACKETED = /^[^[\]]+(\[[^[\]]*\])*$/;

/**
 * Decodes bracket notation (`line_items[0][price_data][currency]=gbp`, `expand[]=x`) with `qs`; a name
 * outside the notation or that would reach an object's prototype, an array with a gap, more than a thousand
 * parameters or nesting deeper than eight levels is refused rather than read loosely, dropped or truncated.
 */
export function decodeForm(text: string): Form {
  const keys = [...new URLSearchParams(text).keys()];
  for (const key of keys) {
    if (!BRACKETED.test(key))
      throw invalidRequest(`Invalid parameter name: ${key.slice(0, 100)}`, key.slice(0, 100));
    if (/(^|\[)__proto__(\]|$)/.test(key))
      throw invalidRequest(
        `Received unknown parameter: ${key.slice(0, 100)}`,
        key.slice(0, 100),
        'parameter_unknown',
      );
  }
  let decoded: Form;
  try {
    decoded = qs.parse(text, {
      depth: MAX_DEPTH,
      strictDepth: true,
      parameterLimit: MAX_PARAMETERS,
      throwOnLimitExceeded: true,
      arrayLimit: MAX_PARAMETERS,
      allowSparse: true,
      plainObjects: true,
      allowPrototypes: true,
    }) as Form;
  } catch (error) {
    const deep = keys.find((key) => (key.match(/\[/g)?.length ?? 0) > MAX_DEPTH);
    if (deep)
      throw invalidRequest(`Parameters may be nested at most ${MAX_DEPTH} levels deep`, deep.slice(0, 100));
    const far = keys.find((key) => /\[\d{4,}\]/.test(key));
    if (far && /array/i.test((error as Error).message))
      throw invalidRequest(`Invalid array: at most ${MAX_PARAMETERS} entries`, far.slice(0, 100));
    throw invalidRequest(`Too many parameters (at most ${MAX_PARAMETERS})`);
  }
  const gap = (value: unknown, at: string): string | null => {
    if (Array.isArray(value)) {
      const hole = value.findIndex((entry) => entry === null || entry === undefined);
      if (hole !== -1) return at;
      for (const [i, entry] of value.entries()) {
        const found = gap(entry, `${at}[${i}]`);
        if (found) return found;
      }
    } else if (value && typeof value === 'object')
      for (const [key, entry] of Object.entries(value)) {
        const found = gap(entry, at ? `${at}[${key}]` : key);
        if (found) return found;
      }
    return null;
  };
  const sparse = gap(decoded, '');
  if (sparse) throw invalidRequest('Invalid array: indexes must start at 0 and have no gaps', sparse);
  return decoded;
}

/**
 * The request's parameters, decoded and checked against the description of `operation` ("POST
 * /v1/checkout/sessions") at `apiVersion`; throws the provider's 400 for the first failure.
 */
export function describedParams(operation: string, text: string, apiVersion: string): Form {
  const params = decodeForm(text);
  const older =
    operation === SESSIONS && apiVersion.slice(0, 10) < PAYMENT_METHOD_TYPES_REMOVED_IN.slice(0, 10);
  const validate = validatorOf(operation, older);
  if (!validate(structuredClone(params))) throw refusalOf(validate.errors![0]!);
  return params;
}
