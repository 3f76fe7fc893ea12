import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { BadRequestError } from '../core/errors.ts';
import { SYSTEM_FIELDS } from '../core/record-data.ts';
import { RECORD_FORMATS } from './record-formats.ts';

/** How a record reaches the schema check: defaults are filled on create and import; import also converts types. */
export type CheckMode = 'create' | 'import' | 'update';

/** At most this many schema errors are listed in `detail`. */
const MAX_LISTED_ERRORS = 10;

function newAjv(options: { useDefaults?: boolean; coerceTypes?: boolean }): Ajv {
  // strict: false because entity files carry the platform's own keywords (enumNames, ...), which JSON Schema ignores.
  const ajv = new Ajv({ allErrors: true, strict: false, logger: false, ...options });
  // A bare validator applies to strings only (Ajv's default type for a format).
  for (const [name, validate] of Object.entries(RECORD_FORMATS)) ajv.addFormat(name, validate);
  return ajv;
}

// One Ajv per mode, shared by every entity: compiling is the slow part and happens once, at startup.
const AJV: Record<CheckMode, Ajv> = {
  create: newAjv({ useDefaults: true, coerceTypes: false }),
  // CSV cells arrive as text (or as the numbers and booleans they look like): the schema says what they are.
  import: newAjv({ useDefaults: true, coerceTypes: true }),
  // Ajv's own defaults: no defaults filled, no conversion.
  update: newAjv({}),
};

// `/items/0/name` -> `items[0].name`
function fieldOf(instancePath: string): string {
  return instancePath
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), '');
}

function explain(entity: string, error: ErrorObject): string {
  const field = fieldOf(error.instancePath);
  const at = (name: string) => `${entity}.${field ? `${field}.` : ''}${name}`;
  const here = field ? `${entity}.${field}` : entity;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${at(String(params.missingProperty))} is required`;
    case 'additionalProperties':
      return `${at(String(params.additionalProperty))} is not a field of ${entity}`;
    case 'enum':
      return `${here} must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'format':
      return `${here} must be a valid ${String(params.format)}`;
    default:
      // Ajv writes a message for every error (its `messages` option is on by default).
      return `${here} ${error.message}`;
  }
}

/** The JSON Schema of one declared entity, compiled for each way records arrive. */
export class RecordSchema {
  private readonly validators: Record<CheckMode, ValidateFunction>;

  /** Throws (Ajv's message) when the schema itself is invalid; the loader names the file. */
  constructor(
    readonly entity: string,
    schema: Record<string, unknown>,
  ) {
    this.validators = {
      create: AJV.create.compile(schema),
      import: AJV.import.compile(schema),
      update: AJV.update.compile(schema),
    };
  }

  /**
   * Checks a record's own fields (platform fields are not part of the schema) and answers them as they will be stored:
   * with defaults filled in on create and import, and CSV text converted on import. Throws a 400 `invalid_record`
   * whose message names the first failing field, prefixed with `where` (`Record 3: `) in bulk writes.
   */
  check(record: Record<string, unknown>, mode: CheckMode, where?: string): Record<string, unknown> {
    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) if (!SYSTEM_FIELDS.has(key)) data[key] = value;
    const validate = this.validators[mode];
    if (validate(data)) return data;
    // A failed validation always lists at least one error.
    const problems = validate.errors!.map((error) => explain(this.entity, error));
    const prefix = where ? `${where}: ` : '';
    throw new BadRequestError(
      `${prefix}${problems[0]}`,
      'invalid_record',
      problems.slice(0, MAX_LISTED_ERRORS).join('; '),
    );
  }
}
