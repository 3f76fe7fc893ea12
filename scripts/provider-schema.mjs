#!/usr/bin/env node
/**
 * Writes the request rules of the payment provider's stand-in, `host-harness/payments/api/provider-schema.json`, from
 * the provider's own description of its API (Stripe): for each endpoint the stand-in serves, its form body or query
 * parameters as JSON Schema (names, nesting, types, enums, lengths, required), under a header naming the source and
 * the API version. The stand-in validates every request against the committed file; nothing reads the network.
 *
 *   node scripts/provider-schema.mjs --openapi <spec3.json> --repository stripe/openapi --path openapi/spec3.json --commit <sha>
 *       the OpenAPI document (stripe/openapi), the source this is written for;
 *   node scripts/provider-schema.mjs --sdk-types node_modules/stripe
 *       the provider's SDK's typings, generated from the same document (its OPENAPI_VERSION), for when the document
 *       of the pinned API version cannot be had: they carry names, nesting, types, enums and required, not lengths,
 *       and do not tell integers from other numbers.
 *   --out <file> writes elsewhere (tests); --check fails when the committed file differs from what it would write.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from '@babel/parser';

/** The endpoints the stand-in serves: where the OpenAPI document and the SDK's typings describe their parameters. */
export const OPERATIONS = {
  'POST /v1/checkout/sessions': {
    in: 'body',
    sdk: ['resources/Checkout/Sessions.d.ts', 'Checkout.SessionCreateParams'],
  },
  'GET /v1/checkout/sessions': {
    in: 'query',
    sdk: ['resources/Checkout/Sessions.d.ts', 'Checkout.SessionListParams'],
  },
  'GET /v1/checkout/sessions/{session}': {
    in: 'query',
    sdk: ['resources/Checkout/Sessions.d.ts', 'Checkout.SessionRetrieveParams'],
  },
  'GET /v1/checkout/sessions/{session}/line_items': {
    in: 'query',
    sdk: ['resources/Checkout/Sessions.d.ts', 'Checkout.SessionListLineItemsParams'],
  },
  'GET /v1/subscriptions/{subscription_exposed_id}': {
    in: 'query',
    sdk: ['resources/Subscriptions.d.ts', 'SubscriptionRetrieveParams'],
  },
  'GET /v1/invoices/{invoice}': { in: 'query', sdk: ['resources/Invoices.d.ts', 'InvoiceRetrieveParams'] },
  'GET /v1/invoice_payments': {
    in: 'query',
    sdk: ['resources/InvoicePayments.d.ts', 'InvoicePaymentListParams'],
  },
  'GET /v1/disputes/{dispute}': { in: 'query', sdk: ['resources/Disputes.d.ts', 'DisputeRetrieveParams'] },
};

/** What a reduced schema keeps of the description's: the validating keywords (descriptions, titles, `x-` go). */
const KEPT = [
  'type',
  'enum',
  'maxLength',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'anyOf',
];

/** One OpenAPI schema reduced: `$ref`s inlined, only validating keywords, objects closed unless they say otherwise. */
function reduceOpenApi(schema, doc, depth = 0) {
  if (depth > 30) throw new Error('the description nests deeper than 30 levels');
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return reduceOpenApi(doc.components.schemas[name], doc, depth + 1);
  }
  const out = {};
  for (const key of KEPT) {
    const value = schema[key];
    if (value === undefined) continue;
    if (key === 'properties')
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, reduceOpenApi(child, doc, depth + 1)]),
      );
    else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object'))
      out[key] = reduceOpenApi(value, doc, depth + 1);
    else if (key === 'anyOf') out.anyOf = value.map((child) => reduceOpenApi(child, doc, depth + 1));
    else out[key] = value;
  }
  // An enum the API does not enforce ("x-stripeBypassValidation") is not a rule.
  if (schema['x-stripeBypassValidation']) delete out.enum;
  if (out.type === 'object' && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** The operations' schemas from an OpenAPI document (Stripe's `spec3.json`). */
export function fromOpenApi(doc) {
  const operations = {};
  for (const [key, where] of Object.entries(OPERATIONS)) {
    const [method, path] = key.split(' ');
    const operation = doc.paths?.[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`the description has no ${key}`);
    if (where.in === 'body') {
      const body = operation.requestBody?.content?.['application/x-www-form-urlencoded']?.schema;
      operations[key] = {
        in: 'body',
        schema: reduceOpenApi(body ?? { type: 'object', properties: {} }, doc),
      };
    } else {
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
      operations[key] = {
        in: 'query',
        schema: {
          type: 'object',
          properties: Object.fromEntries(query.map((p) => [p.name, reduceOpenApi(p.schema ?? {}, doc)])),
          required: query.filter((p) => p.required).map((p) => p.name),
          additionalProperties: false,
        },
      };
    }
  }
  return { apiVersion: doc.info.version, operations };
}

/**
 * The SDK's declarations of the files read, by qualified name (`SessionCreateParams.LineItem.PriceData`): interfaces,
 * type aliases and namespaces, as Babel parses the `.d.ts`.
 */
function declarations(files) {
  const table = new Map();
  const visit = (nodes, prefix) => {
    for (const raw of nodes) {
      const node = raw.type === 'ExportNamedDeclaration' ? raw.declaration : raw;
      if (!node?.id?.name) continue;
      const name = prefix ? `${prefix}.${node.id.name}` : node.id.name;
      if (node.type === 'TSModuleDeclaration') visit(node.body.body, name);
      else if (node.type === 'TSInterfaceDeclaration' || node.type === 'TSTypeAliasDeclaration') {
        if (!table.has(name)) table.set(name, node);
      }
    }
  };
  for (const source of files)
    visit(parse(source, { sourceType: 'module', plugins: [['typescript', { dts: true }]] }).program.body, '');
  return table;
}

const typeName = (node) =>
  node.type === 'Identifier' ? node.name : `${typeName(node.left)}.${node.right.name}`;
const typeArgs = (node) => (node.typeParameters ?? node.typeArguments)?.params ?? [];

/** One SDK type as JSON Schema; `scope` is the qualified name of the namespace it is written in. */
function fromType(node, scope, table, depth = 0) {
  if (depth > 30) throw new Error('the typings nest deeper than 30 levels');
  const again = (child, where = scope) => fromType(child, where, table, depth + 1);
  switch (node.type) {
    case 'TSStringKeyword':
      return { type: 'string' };
    case 'TSNumberKeyword':
      return { type: 'number' };
    case 'TSBooleanKeyword':
      return { type: 'boolean' };
    case 'TSArrayType':
      return { type: 'array', items: again(node.elementType) };
    case 'TSTypeLiteral':
      return objectOf(node.members, [], scope, table, depth);
    case 'TSUnionType': {
      // `OtherString` is the SDK's own allowance for values a later API version adds, not the description's: left out.
      const types = node.types.filter(
        (t) => !(t.type === 'TSTypeReference' && typeName(t.typeName) === 'OtherString'),
      );
      const literals = types.filter((t) => t.type === 'TSLiteralType');
      const others = types.filter((t) => t.type !== 'TSLiteralType' && t.type !== 'TSNullKeyword');
      const branches = others.map((t) => again(t));
      if (literals.length)
        branches.push({ type: 'string', enum: literals.map((t) => String(t.literal.value)) });
      return branches.length === 1 ? branches[0] : { anyOf: branches };
    }
    case 'TSLiteralType':
      return { type: 'string', enum: [String(node.literal.value)] };
    case 'TSTypeReference': {
      const name = typeName(node.typeName);
      const [arg] = typeArgs(node);
      if (name === 'Array') return { type: 'array', items: again(arg) };
      // "Emptyable": the parameter may be sent empty (`''`) to unset it.
      if (name === 'Emptyable') return { anyOf: [again(arg), { type: 'string', enum: [''] }] };
      if (name === 'Decimal') return { type: 'string' };
      const { node: found, at } = resolveName(name, scope, table);
      if (found.type === 'TSTypeAliasDeclaration') return again(found.typeAnnotation, parentOf(at));
      const inherited = (found.extends ?? []).map((e) =>
        resolveName(typeName(e.expression), parentOf(at), table),
      );
      return objectOf(found.body.body, inherited, at, table, depth);
    }
    default:
      throw new Error(`the typings use a type this script does not read: ${node.type} (in ${scope})`);
  }
}

const parentOf = (name) => (name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : '');

/** A name as TypeScript resolves it: from the innermost namespace outwards. */
function resolveName(name, scope, table) {
  for (let at = scope; ; at = parentOf(at)) {
    const full = at ? `${at}.${name}` : name;
    if (table.has(full)) return { node: table.get(full), at: full };
    if (!at) throw new Error(`the typings name ${name} (from ${scope}), which the files read do not declare`);
  }
}

/** An interface's members (and those it extends) as a closed object; `[name: string]: T` opens it to any name. */
function objectOf(members, inherited, scope, table, depth) {
  const properties = {};
  const required = [];
  let additionalProperties = false;
  for (const { node, at } of inherited) {
    const parent = objectOf(node.body.body, [], at, table, depth + 1);
    Object.assign(properties, parent.properties);
    required.push(...(parent.required ?? []));
  }
  for (const member of members) {
    const annotation = member.typeAnnotation?.typeAnnotation;
    if (member.type === 'TSIndexSignature')
      additionalProperties = fromType(annotation, scope, table, depth + 1);
    else if (member.type === 'TSPropertySignature') {
      const name = member.key.name ?? member.key.value;
      properties[name] = fromType(annotation, scope, table, depth + 1);
      if (!member.optional) required.push(name);
    }
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties };
}

/** The operations' schemas from the SDK's typings (`node_modules/stripe`). */
export function fromSdkTypes(packageDir) {
  const read = (file) => readFileSync(join(packageDir, 'cjs', file), 'utf8');
  const files = [...new Set(Object.values(OPERATIONS).map((o) => o.sdk[0]))];
  const table = declarations([read('shared.d.ts'), ...files.map(read)]);
  const operations = {};
  for (const [key, where] of Object.entries(OPERATIONS)) {
    const schema = fromType(
      { type: 'TSTypeReference', typeName: { type: 'Identifier', name: where.sdk[1] } },
      '',
      table,
    );
    operations[key] = { in: where.in, schema };
  }
  const version = /ApiVersion = '([^']+)'/.exec(readFileSync(join(packageDir, 'cjs/apiVersion.js'), 'utf8'));
  if (!version) throw new Error('the SDK names no API version');
  return { apiVersion: version[1], operations };
}

/**
 * The objects the stand-in returns, by their `object`: where the SDK's typings declare them (the OpenAPI document's
 * component of the same name). Their fields let the stand-in fill what it does not compute (`complete`).
 */
export const OBJECTS = {
  'checkout.session': ['resources/Checkout/Sessions.d.ts', 'Session'],
  item: ['resources/LineItems.d.ts', 'LineItem'],
  subscription: ['resources/Subscriptions.d.ts', 'Subscription'],
  subscription_item: ['resources/SubscriptionItems.d.ts', 'SubscriptionItem'],
  invoice: ['resources/Invoices.d.ts', 'Invoice'],
  line_item: ['resources/InvoiceLineItems.d.ts', 'InvoiceLineItem'],
  invoice_payment: ['resources/InvoicePayments.d.ts', 'InvoicePayment'],
  dispute: ['resources/Disputes.d.ts', 'Dispute'],
  price: ['resources/Prices.d.ts', 'Price'],
  plan: ['resources/Plans.d.ts', 'Plan'],
  event: ['resources/Events.d.ts', 'EventBase'],
};

/** `{ type }` of a field from its JSON types, `null` last; one type is written alone. */
const typed = (types) => {
  const list = [...new Set(types)].sort((a, b) => (a === 'null') - (b === 'null') || a.localeCompare(b));
  return { type: list.length === 1 ? list[0] : list };
};

/**
 * A returned field as JSON Schema: its types (`null` when it may be null), a single literal as `const`, and the fields
 * of an object the resource declares itself (a nested type, or a shared one like `Metadata`); another resource it may
 * be expanded to (`string | Customer`) is not followed.
 */
function fieldOf(node, scope, table, shared, depth = 0) {
  if (depth > 30) throw new Error('the typings nest deeper than 30 levels');
  const again = (child, where = scope) => fieldOf(child, where, table, shared, depth + 1);
  switch (node.type) {
    case 'TSStringKeyword':
      return { type: 'string' };
    case 'TSNumberKeyword':
      return { type: 'number' };
    case 'TSBooleanKeyword':
      return { type: 'boolean' };
    case 'TSNullKeyword':
      return { type: 'null' };
    case 'TSAnyKeyword':
    case 'TSUnknownKeyword':
    case 'TSVoidKeyword':
      return {};
    case 'TSArrayType':
      return { type: 'array' };
    case 'TSLiteralType':
      return { type: typeof node.literal.value, const: node.literal.value };
    case 'TSTypeLiteral':
      return fieldsOf(node.members, scope, table, shared, depth);
    case 'TSUnionType': {
      const branches = node.types.map((t) => again(t));
      const types = branches.flatMap((b) => [b.type ?? []].flat());
      const out = typed(types);
      const solid = branches.filter((b) => b.type !== 'null');
      if (solid.length === 1 && solid[0].const !== undefined) out.const = solid[0].const;
      if (solid.length === 1 && solid[0].properties) Object.assign(out, { ...solid[0], ...out });
      return out;
    }
    case 'TSTypeReference': {
      const name = typeName(node.typeName);
      if (name === 'Array') return { type: 'array' };
      if (name === 'Decimal' || name === 'OtherString') return { type: 'string' };
      // A type of another file: another resource (an object not followed), or an alias of its namespace (`Billing.…`).
      let resolved;
      try {
        resolved = resolveName(name, scope, table);
      } catch {
        return name === 'ApiList' || !name.includes('.') ? { type: 'object' } : {};
      }
      const { node: found, at } = resolved;
      if (found.type === 'TSTypeAliasDeclaration') return again(found.typeAnnotation, parentOf(at));
      if (!at.includes('.') && !shared.has(at)) return { type: 'object' };
      return fieldsOf(found.body.body, at, table, shared, depth);
    }
    default:
      throw new Error(`the typings use a type this script does not read: ${node.type} (in ${scope})`);
  }
}

/** An object's declared fields; `required` names those it always has (the typings' `?` marks the others). */
function fieldsOf(members, scope, table, shared, depth) {
  const properties = {};
  const required = [];
  for (const member of members) {
    if (member.type !== 'TSPropertySignature') continue;
    const name = member.key.name ?? member.key.value;
    properties[name] = fieldOf(member.typeAnnotation.typeAnnotation, scope, table, shared, depth + 1);
    if (!member.optional) required.push(name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** A returned field from an OpenAPI schema, as `fieldOf` reads the typings; another resource is not followed. */
function openApiField(schema, doc, depth = 0) {
  if (depth > 30) throw new Error('the description nests deeper than 30 levels');
  if (schema.$ref) {
    const target = doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')];
    return depth > 0 && target['x-resourceId'] ? { type: 'object' } : openApiField(target, doc, depth + 1);
  }
  const branches = (schema.anyOf ?? []).map((branch) => openApiField(branch, doc, depth + 1));
  const own = schema.type ? [schema.type === 'integer' ? 'number' : schema.type] : [];
  const out = typed([
    ...own,
    ...branches.flatMap((b) => [b.type ?? []].flat()),
    ...(schema.nullable ? ['null'] : []),
  ]);
  if (!own.length && !branches.length) delete out.type;
  if (schema.enum?.length === 1) out.const = schema.enum[0];
  const solid = branches.filter((b) => b.type !== 'null');
  if (solid.length === 1 && solid[0].properties) Object.assign(out, { ...solid[0], ...out });
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, child]) => [name, openApiField(child, doc, depth + 1)]),
    );
    if (schema.required?.length) out.required = schema.required;
  }
  return out;
}

/** The returned objects' fields from an OpenAPI document (its components, named as the objects' `object`). */
export function objectsFromOpenApi(doc) {
  return Object.fromEntries(
    Object.keys(OBJECTS).map((object) => {
      const schema = doc.components?.schemas?.[object];
      if (!schema) throw new Error(`the description has no object ${object}`);
      return [object, openApiField(schema, doc)];
    }),
  );
}

/** The returned objects' fields from the SDK's typings. */
export function objectsFromSdkTypes(packageDir) {
  const read = (file) => readFileSync(join(packageDir, 'cjs', file), 'utf8');
  const shared = new Set(declarations([read('shared.d.ts')]).keys());
  const files = [...new Set(Object.values(OBJECTS).map(([file]) => file))];
  const table = declarations([read('shared.d.ts'), ...files.map(read)]);
  return Object.fromEntries(
    Object.entries(OBJECTS).map(([object, [, name]]) => [
      object,
      fieldsOf(table.get(name).body.body, name, table, shared, 0),
    ]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      openapi: { type: 'string' },
      'sdk-types': { type: 'string' },
      repository: { type: 'string' },
      path: { type: 'string' },
      commit: { type: 'string' },
      out: { type: 'string' },
      check: { type: 'boolean', default: false },
    },
  });
  const root = resolve(import.meta.dirname, '..');
  const out = values.out ?? join(root, 'host-harness/payments/api/provider-schema.json');
  let source;
  let reduced;
  if (values.openapi) {
    if (!values.repository || !values.path || !values.commit)
      throw new Error(
        '--openapi needs --repository, --path and --commit: the header names where the document came from',
      );
    const doc = JSON.parse(readFileSync(values.openapi, 'utf8'));
    reduced = { ...fromOpenApi(doc), objects: objectsFromOpenApi(doc) };
    source = { format: 'openapi', repository: values.repository, path: values.path, commit: values.commit };
  } else if (values['sdk-types']) {
    const dir = resolve(values['sdk-types']);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const openapi = readFileSync(join(dir, 'OPENAPI_VERSION'), 'utf8').trim();
    reduced = { ...fromSdkTypes(dir), objects: objectsFromSdkTypes(dir) };
    source = {
      format: 'sdk-types',
      package: `${pkg.name}@${pkg.version}`,
      files: [
        'cjs/shared.d.ts',
        ...new Set([
          ...Object.values(OPERATIONS).map((o) => o.sdk[0]),
          ...Object.values(OBJECTS).map(([f]) => f),
        ]),
      ].map((file) => (file === 'cjs/shared.d.ts' ? file : `cjs/${file}`)),
      openapi_version: openapi,
      repository: 'stripe/openapi',
      note: `the SDK's typings are generated from stripe/openapi ${openapi}; that document itself could not be read here`,
    };
  } else
    throw new Error(
      'give --openapi <spec3.json> (with --repository, --path, --commit) or --sdk-types <node_modules/stripe>',
    );
  const { apiVersion, operations, objects } = reduced;
  const text = `${JSON.stringify({ source, api_version: apiVersion, operations, objects }, null, 2)}\n`;
  if (values.check) {
    if (readFileSync(out, 'utf8') !== text) {
      console.error(`${out} differs from what its source gives: run this script without --check`);
      process.exit(1);
    }
    console.log(`${out}: up to date`);
  } else {
    writeFileSync(out, text);
    console.log(
      `${out}: ${Object.keys(operations).length} operations, ${Object.keys(objects).length} objects, API ${apiVersion}`,
    );
  }
}
