/**
 * Requests checked against the provider's own description of them (`provider-schema.json`): a form body or a query
 * decoded by `qs` (the bracket notation the provider's SDKs encode), then validated by Ajv.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import qs from 'qs';
import { DESCRIPTION } from '../account/stripe-types.ts';
import { invalidRequest, type ProviderError } from './provider-error.ts';

/** A decoded form value: text, or objects and arrays built from bracket notation. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

/** Before it, a session named its methods with `payment_method_types` (RULES.md, `payment-method-types-removed`). */
export const PAYMENT_METHOD_TYPES_REMOVED_IN = '2026-09-30.endive';
const SESSIONS = 'POST /v1/checkout/sessions';

/** The description of an older version: the endive change taken back. */
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
    const described = DESCRIPTION.operations[operation];
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
function refusalOf({ keyword, instancePath, params, data, message }: ErrorObject): ProviderError {
  const param = paramOf(instancePath);
  if (keyword === 'additionalProperties') {
    const unknown = paramOf(instancePath, String(params.additionalProperty));
    return invalidRequest(
      `Received unknown parameter: ${unknown.slice(0, 100)}`,
      unknown,
      'parameter_unknown',
    );
  }
  if (keyword === 'required') {
    const missing = paramOf(instancePath, String(params.missingProperty));
    return invalidRequest(`Missing required param: ${missing}.`, missing, 'parameter_missing');
  }
  if (keyword === 'enum')
    return invalidRequest(
      `Invalid ${param}: must be one of ${oneOf(params.allowedValues as unknown[])}`,
      param,
    );
  if (keyword === 'maxLength')
    return invalidRequest(`Invalid ${param}: must be at most ${params.limit} characters`, param);
  if (keyword !== 'type') return invalidRequest(`Invalid ${param}: ${message ?? 'not valid'}`, param);
  // "Invalid integer: abc", "Invalid array": the expected type, and the value when it is text.
  const scalar = params.type !== 'array' && params.type !== 'object' && typeof data === 'string';
  return invalidRequest(
    `Invalid ${String(params.type)}${scalar && data !== '' ? `: ${data.slice(0, 40)}` : ''}`,
    param,
  );
}

const MAX_PARAMETERS = 1_000;
const MAX_DEPTH = 8;
/** Bracket notation: a name, then `[segment]`s (`expand[]` appends). */
const BRACKETED = /^[^[\]]+(\[[^[\]]*\])*$/;
const QS = {
  depth: MAX_DEPTH,
  strictDepth: true,
  parameterLimit: MAX_PARAMETERS,
  throwOnLimitExceeded: true,
};

/** The path of the first array with a gap (`qs` keeps them: `allowSparse`), or null. */
function gapIn(value: unknown, at: string): string | null {
  if (Array.isArray(value) && value.findIndex((entry) => entry === null || entry === undefined) !== -1)
    return at;
  if (!value || typeof value !== 'object') return null;
  for (const [key, entry] of Object.entries(value)) {
    const found = gapIn(entry, at ? `${at}[${key}]` : key);
    if (found) return found;
  }
  return null;
}

/**
 * Decodes bracket notation (`line_items[0][price_data][currency]=gbp`, `expand[]=x`) with `qs`; a name outside the
 * notation or reaching an object's prototype, an array with a gap, more than a thousand parameters or nesting deeper
 * than eight levels is refused rather than read loosely, dropped or truncated.
 */
export function decodeForm(text: string): Form {
  const keys = [...new URLSearchParams(text).keys()];
  for (const key of keys) {
    const name = key.slice(0, 100);
    if (!BRACKETED.test(key)) throw invalidRequest(`Invalid parameter name: ${name}`, name);
    if (/(^|\[)__proto__(\]|$)/.test(key))
      throw invalidRequest(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
  }
  let decoded: Form;
  try {
    const options = {
      ...QS,
      arrayLimit: MAX_PARAMETERS,
      allowSparse: true,
      plainObjects: true,
      allowPrototypes: true,
    };
    decoded = qs.parse(text, options) as Form;
  } catch (error) {
    const deep = keys.find((key) => (key.match(/\[/g)?.length ?? 0) > MAX_DEPTH);
    if (deep)
      throw invalidRequest(`Parameters may be nested at most ${MAX_DEPTH} levels deep`, deep.slice(0, 100));
    const far = keys.find((key) => /\[\d{4,}\]/.test(key));
    if (far && /array/i.test((error as Error).message))
      throw invalidRequest(`Invalid array: at most ${MAX_PARAMETERS} entries`, far.slice(0, 100));
    throw invalidRequest(`Too many parameters (at most ${MAX_PARAMETERS})`);
  }
  const sparse = gapIn(decoded, '');
  if (sparse) throw invalidRequest('Invalid array: indexes must start at 0 and have no gaps', sparse);
  return decoded;
}

/** The parameters of `operation` at `apiVersion`, decoded and checked; the provider's 400 for the first failure. */
export function describedParams(operation: string, text: string, apiVersion: string): Form {
  const params = decodeForm(text);
  const older =
    operation === SESSIONS && apiVersion.slice(0, 10) < PAYMENT_METHOD_TYPES_REMOVED_IN.slice(0, 10);
  const validate = validatorOf(operation, older);
  if (!validate(structuredClone(params))) throw refusalOf(validate.errors![0]!);
  return params;
}
