/**
 * The stand-in's request rules are the provider's description of its API, reduced (`scripts/provider-schema.mjs`):
 * the committed file is exactly what the script writes from the source its header names, at the pinned SDK's API
 * version; its names at every level the double reads are the SDK's own declarations, read here another way; and the
 * script reduces an OpenAPI document the same way (a small one in Stripe's shape).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_TYPES_REMOVED_IN } from '../../../../host-harness/payments/api/request-schema.ts';
import {
  fromOpenApi,
  fromSdkTypes,
  OBJECTS,
  OPERATIONS,
  objectsFromOpenApi,
  objectsFromSdkTypes,
} from '../../../../scripts/provider-schema.mjs';

const SDK = new URL('../../../../node_modules/stripe', import.meta.url);
const COMMITTED = JSON.parse(
  readFileSync(
    new URL('../../../../host-harness/payments/api/provider-schema.json', import.meta.url),
    'utf8',
  ),
);
type Schema = { properties?: Record<string, Schema>; items?: Schema };

/** The property names of `interface <path.at(-1)>` inside `namespace <path[0]> { namespace … }` of the SDK's types. */
function sdkKeys(...names: string[]): string[] {
  const lines = readFileSync(new URL('esm/resources/Checkout/Sessions.d.ts', `${SDK}/`), 'utf8').split('\n');
  let i = 0;
  names.forEach((name, level) => {
    const pad = ' '.repeat(4 * (level + 1));
    const opening = `${pad}${level === names.length - 1 ? 'interface' : 'namespace'} ${name} {`;
    i = lines.indexOf(opening, i);
    if (i < 0) throw new Error(`the SDK has no ${opening.trim()}`);
  });
  const end = `${' '.repeat(4 * names.length)}}`;
  const key = new RegExp(`^ {${4 * names.length + 4}}(\\w+)\\??:`);
  const keys: string[] = [];
  for (i++; lines[i] !== end; i++) {
    const match = key.exec(lines[i]!);
    if (match) keys.push(match[1]!);
  }
  return keys;
}

describe('the committed description', () => {
  it('is what the script writes from the source its header names, at the pinned API version', () => {
    expect(
      JSON.parse(
        readFileSync(new URL('../../../../node_modules/stripe/package.json', import.meta.url), 'utf8'),
      ).version,
    ).toBe('23.1.0');
    const fresh = fromSdkTypes(new URL('../../../../node_modules/stripe', import.meta.url).pathname);
    expect(COMMITTED.api_version).toBe('2026-10-28.endive');
    expect(fresh.apiVersion).toBe(COMMITTED.api_version);
    expect(COMMITTED.operations).toStrictEqual(fresh.operations);
    expect(COMMITTED.source).toMatchObject({
      format: 'sdk-types',
      package: 'stripe@23.1.0',
      repository: 'stripe/openapi',
      openapi_version: readFileSync(
        new URL('../../../../node_modules/stripe/OPENAPI_VERSION', import.meta.url),
        'utf8',
      ).trim(),
    });
    expect(Object.keys(COMMITTED.operations)).toStrictEqual(Object.keys(OPERATIONS));
  });

  it("names, at every level the double reads, exactly the SDK's own declarations", () => {
    const body: Schema = COMMITTED.operations['POST /v1/checkout/sessions'].schema;
    const keys = (schema: Schema | undefined) => Object.keys(schema?.properties ?? {});
    const lineItem = body.properties?.line_items?.items;
    const priceData = lineItem?.properties?.price_data;
    expect(keys(body)).toStrictEqual(sdkKeys('SessionCreateParams'));
    expect(keys(body.properties?.subscription_data)).toStrictEqual(
      sdkKeys('SessionCreateParams', 'SubscriptionData'),
    );
    expect(keys(lineItem)).toStrictEqual(sdkKeys('SessionCreateParams', 'LineItem'));
    expect(keys(priceData)).toStrictEqual(sdkKeys('SessionCreateParams', 'LineItem', 'PriceData'));
    expect(keys(priceData?.properties?.product_data)).toStrictEqual(
      sdkKeys('SessionCreateParams', 'LineItem', 'PriceData', 'ProductData'),
    );
    expect(keys(priceData?.properties?.recurring)).toStrictEqual(
      sdkKeys('SessionCreateParams', 'LineItem', 'PriceData', 'Recurring'),
    );
  });

  it("lists the fields of every object the stand-in returns, as the SDK's typings declare them", () => {
    const fresh = objectsFromSdkTypes(new URL('../../../../node_modules/stripe', import.meta.url).pathname);
    expect(COMMITTED.objects).toStrictEqual(fresh);
    expect(Object.keys(COMMITTED.objects)).toStrictEqual(Object.keys(OBJECTS));
    const session = COMMITTED.objects['checkout.session'];
    expect(session.properties.object).toStrictEqual({ type: 'string', const: 'checkout.session' });
    expect(session.properties.customer_email).toStrictEqual({ type: ['string', 'null'] });
    expect(session.properties.customer).toStrictEqual({ type: ['object', 'string', 'null'] });
    expect(session.properties.discounts).toStrictEqual({ type: ['array', 'null'] });
    expect(session.properties.automatic_tax.properties.enabled).toStrictEqual({ type: 'boolean' });
    expect(session.required).toContain('automatic_tax');
    expect(session.required).not.toContain('line_items');
  });

  it('has no payment_method_types: it left the API at 2026-09-30.endive for allowed_payment_method_types', () => {
    const names = Object.keys(COMMITTED.operations['POST /v1/checkout/sessions'].schema.properties);
    expect(PAYMENT_METHOD_TYPES_REMOVED_IN).toBe('2026-09-30.endive');
    expect(names).toContain('allowed_payment_method_types');
    expect(names).not.toContain('payment_method_types');
  });
});

describe('the script on an OpenAPI document', () => {
  /** A document in Stripe's shape: form bodies and query parameters, `$ref`s, descriptions, an enum not enforced. */
  const operation = (parameters: unknown[] = []) => ({ parameters });
  const doc = {
    info: { title: 'Stripe API', version: '2099-01-01.test' },
    components: {
      schemas: {
        recurring: {
          description: 'How often',
          type: 'object',
          properties: { interval: { type: 'string', enum: ['month', 'year'], description: 'x' } },
          required: ['interval'],
          title: 'Recurring',
        },
      },
    },
    paths: {
      '/v1/checkout/sessions': {
        post: {
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  properties: {
                    mode: { type: 'string', enum: ['payment', 'subscription'], description: 'The mode' },
                    locale: { type: 'string', enum: ['en'], 'x-stripeBypassValidation': true },
                    success_url: { type: 'string', maxLength: 5000 },
                    recurring: { $ref: '#/components/schemas/recurring' },
                    metadata: {
                      anyOf: [
                        { type: 'object', additionalProperties: { type: 'string' } },
                        { type: 'string', enum: [''] },
                      ],
                    },
                  },
                  required: ['success_url'],
                },
              },
            },
          },
        },
        get: operation([
          { in: 'query', name: 'limit', required: false, schema: { type: 'integer' } },
          { in: 'path', name: 'ignored', required: true, schema: { type: 'string' } },
        ]),
      },
      '/v1/checkout/sessions/{session}': { get: operation() },
      '/v1/checkout/sessions/{session}/line_items': { get: operation() },
      '/v1/subscriptions/{subscription_exposed_id}': { get: operation() },
      '/v1/invoices/{invoice}': { get: operation() },
      '/v1/invoice_payments': { get: operation() },
      '/v1/disputes/{dispute}': {
        get: operation([
          {
            in: 'query',
            name: 'expand',
            required: true,
            schema: { type: 'array', items: { type: 'string' } },
          },
        ]),
      },
    },
  };

  it('keeps the validating keywords, inlines references, closes objects and drops enums the API does not enforce', () => {
    const reduced = fromOpenApi(doc);
    expect(reduced.apiVersion).toBe('2099-01-01.test');
    expect(reduced.operations['POST /v1/checkout/sessions']).toStrictEqual({
      in: 'body',
      schema: {
        type: 'object',
        required: ['success_url'],
        properties: {
          mode: { type: 'string', enum: ['payment', 'subscription'] },
          locale: { type: 'string' },
          success_url: { type: 'string', maxLength: 5000 },
          recurring: {
            type: 'object',
            required: ['interval'],
            properties: { interval: { type: 'string', enum: ['month', 'year'] } },
            additionalProperties: false,
          },
          metadata: {
            anyOf: [
              { type: 'object', additionalProperties: { type: 'string' } },
              { type: 'string', enum: [''] },
            ],
          },
        },
        additionalProperties: false,
      },
    });
    expect(reduced.operations['GET /v1/checkout/sessions']).toStrictEqual({
      in: 'query',
      schema: {
        type: 'object',
        properties: { limit: { type: 'integer' } },
        required: [],
        additionalProperties: false,
      },
    });
    expect(reduced.operations['GET /v1/disputes/{dispute}']!.schema.required).toStrictEqual(['expand']);
  });

  it("reads a returned object's fields: null allowed, one value, nested objects, other resources not followed", () => {
    const schemas = Object.fromEntries(Object.keys(OBJECTS).map((name) => [name, { type: 'object' }]));
    const objects = objectsFromOpenApi({
      components: {
        schemas: {
          ...schemas,
          customer: { 'x-resourceId': 'customer', type: 'object', properties: { id: { type: 'string' } } },
          tax: { type: 'object', properties: { enabled: { type: 'boolean' } }, required: ['enabled'] },
          invoice: {
            'x-resourceId': 'invoice',
            type: 'object',
            properties: {
              object: { type: 'string', enum: ['invoice'] },
              attempt_count: { type: 'integer' },
              footer: { type: 'string', maxLength: 5000, nullable: true },
              customer: {
                anyOf: [{ type: 'string' }, { $ref: '#/components/schemas/customer' }],
                nullable: true,
              },
              automatic_tax: { $ref: '#/components/schemas/tax' },
              discounts: { type: 'array', items: { type: 'string' } },
            },
            required: ['object', 'attempt_count', 'footer', 'customer', 'automatic_tax', 'discounts'],
          },
        },
      },
    });
    expect(objects.invoice).toStrictEqual({
      type: 'object',
      properties: {
        object: { type: 'string', const: 'invoice' },
        attempt_count: { type: 'number' },
        footer: { type: ['string', 'null'] },
        customer: { type: ['object', 'string', 'null'] },
        automatic_tax: {
          type: 'object',
          properties: { enabled: { type: 'boolean' } },
          required: ['enabled'],
        },
        discounts: { type: 'array' },
      },
      required: ['object', 'attempt_count', 'footer', 'customer', 'automatic_tax', 'discounts'],
    });
    expect(() => objectsFromOpenApi({ components: { schemas: {} } })).toThrow(
      'the description has no object checkout.session',
    );
  });

  it('fails naming an endpoint the document does not describe', () => {
    const { '/v1/invoice_payments': _gone, ...paths } = doc.paths;
    expect(() => fromOpenApi({ ...doc, paths })).toThrow('the description has no GET /v1/invoice_payments');
  });
});
