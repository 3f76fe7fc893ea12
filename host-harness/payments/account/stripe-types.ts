/**
 * The provider's objects: their types from its SDK, their fields from its description (`api/provider-schema.json`),
 * which fills every field the stand-in does not compute.
 */
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';

export type { Stripe };

/** The SDK's API version: the stand-in's rendering of its objects, and the account's default version. */
export const API_VERSION: string = Stripe.API_VERSION;

/** A field as the description gives it: its JSON types (`null` when it may be null), a fixed value, its own fields. */
interface Field {
  type?: string | string[];
  const?: unknown;
  properties?: Record<string, Field>;
  required?: string[];
}

export const DESCRIPTION: {
  api_version: string;
  operations: Record<string, { in: 'body' | 'query'; schema: Record<string, unknown> }>;
  objects: Record<string, Field>;
} = JSON.parse(readFileSync(new URL('../api/provider-schema.json', import.meta.url), 'utf8'));

/** What a builder computes of an object: any of its fields, nested objects in part. */
type Given<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: Given<T[K]> } : T;

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field the computation left out: null, its one value, empty, false or zero, else an error naming it. */
function filled(field: Field, given: unknown, at: string): unknown {
  if (given !== undefined) return field.properties && isPlain(given) ? fill(field, given, at) : given;
  const types = [field.type ?? []].flat();
  if (types.includes('null')) return null;
  if (field.const !== undefined) return field.const;
  if (types.includes('array')) return [];
  if (types.includes('boolean')) return false;
  if (types.includes('number')) return 0;
  if (types.includes('object')) return fill(field, {}, at);
  throw new Error(`${at} is not computed and the description cannot fill it`);
}

function fill(field: Field, given: Record<string, unknown>, at: string): Record<string, unknown> {
  const out = { ...given };
  for (const [key, sub] of Object.entries(field.properties ?? {}))
    if (given[key] !== undefined || field.required?.includes(key))
      out[key] = filled(sub, given[key], `${at}.${key}`);
  return out;
}

/** The `object` (`invoice`, `checkout.session`, …) from what the stand-in computes, every other field filled. */
export function complete<T>(object: string, computed: Given<T>): T {
  return fill(DESCRIPTION.objects[object]!, computed as Record<string, unknown>, object) as T;
}

/** A decimal as the provider sends it on the wire: a string ("1250"); the SDK's class is what it parses that into. */
export const decimalText = (value: number) => String(value) as unknown as Stripe.Decimal;
