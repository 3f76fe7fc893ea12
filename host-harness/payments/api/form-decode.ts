import { invalidRequest } from './provider-error.ts';

/** A decoded form value: text, or nested objects and arrays built from bracket notation. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

const MAX_PAIRS = 1_000;
const MAX_DEPTH = 8;
const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
// Keys that would reach Object.prototype if they were ever used as plain property names.
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

type Tree = Map<string, Tree | string>;

function segmentsOf(key: string): string[] {
  const match = KEY.exec(key);
  if (!match) throw invalidRequest(`Invalid parameter name: ${key.slice(0, 100)}`, key.slice(0, 100));
  const rest = match[2] ? match[2].slice(1, -1).split('][') : [];
  const segments = [match[1]!, ...rest];
  if (segments.length > MAX_DEPTH + 1)
    throw invalidRequest(`Parameters may be nested at most ${MAX_DEPTH} levels deep`, key.slice(0, 100));
  for (const segment of segments)
    if (FORBIDDEN.has(segment)) throw invalidRequest(`Invalid parameter name: ${key.slice(0, 100)}`, key);
  return segments;
}

function paramName(segments: string[]): string | undefined {
  if (segments.length === 0) return undefined;
  return (
    segments[0] +
    segments
      .slice(1)
      .map((s) => `[${s}]`)
      .join('')
  );
}

function insert(tree: Tree, segments: string[], value: string, key: string): void {
  let node = tree;
  segments.forEach((raw, i) => {
    // `a[]=x` appends: its index is the number of entries so far.
    const segment = raw === '' ? String(node.size) : raw;
    const last = i === segments.length - 1;
    const existing = node.get(segment);
    if (last) {
      if (existing !== undefined) throw invalidRequest(`Received ${key} more than once`, key);
      node.set(segment, value);
      return;
    }
    if (typeof existing === 'string')
      throw invalidRequest(`Invalid value for ${key}: mixed text and object`, key);
    const child: Tree = existing ?? new Map();
    node.set(segment, child);
    node = child;
  });
}

function finish(tree: Tree, path: string[]): FormValue {
  const keys = [...tree.keys()];
  const numeric = keys.length > 0 && keys.every((k) => /^\d{1,4}$/.test(k));
  const childValue = (key: string): FormValue => {
    const child = tree.get(key)!;
    return typeof child === 'string' ? child : finish(child, [...path, key]);
  };
  if (numeric) {
    const indexes = keys.map(Number).sort((a, b) => a - b);
    // The provider refuses sparse arrays (`a[0]` and `a[2]` without `a[1]`). No index can pass 999: an array without
    // gaps has an entry per pair, and a body has at most MAX_PAIRS pairs.
    if (indexes.some((n, i) => n !== i))
      throw invalidRequest('Invalid array: indexes must start at 0 and have no gaps', paramName(path));
    return indexes.map((n) => childValue(String(n)));
  }
  const out: { [key: string]: FormValue } = {};
  for (const key of keys) out[key] = childValue(key);
  return out;
}

/**
 * Decodes an `application/x-www-form-urlencoded` body in the provider's bracket notation
 * (`line_items[0][price_data][currency]=gbp`, `expand[]=x`) into nested objects and arrays.
 */
export function decodeForm(body: string): { [key: string]: FormValue } {
  const params = new URLSearchParams(body);
  const tree: Tree = new Map();
  let count = 0;
  for (const [key, value] of params) {
    if (++count > MAX_PAIRS) throw invalidRequest(`Too many parameters (at most ${MAX_PAIRS})`);
    insert(tree, segmentsOf(key), value, key);
  }
  const decoded = finish(tree, []);
  // A body made only of `0=…` keys would come back as an array; top-level names are never indexes.
  if (Array.isArray(decoded)) throw invalidRequest('Invalid parameter names: the top level must be named');
  return decoded as { [key: string]: FormValue };
}
