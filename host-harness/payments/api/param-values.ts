/** Readers of decoded form values (`FormValue`) with the provider's 400s, naming the parameter at fault. */
import type { FormValue } from './form-decode.ts';
import { invalidRequest } from './provider-error.ts';

export type Obj = { [key: string]: FormValue };

/** An object of named values (a decoded form holds no null). */
export const isObj = (v: FormValue | undefined): v is Obj => typeof v === 'object' && !Array.isArray(v);

export function text(value: FormValue | undefined, param: string, required: boolean): string | null {
  if (value === undefined || value === '') {
    if (required) throw invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
    return null;
  }
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${param} must be text`, param);
  return value;
}

export function integer(value: FormValue | undefined, param: string, min: number, max: number): number {
  const raw = text(value, param, true)!;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw invalidRequest(`Invalid integer: ${raw.slice(0, 40)} (${param} must be ${min} to ${max})`, param);
  return Number(raw);
}

/** A Unix timestamp in seconds (the provider's `billing_cycle_anchor`, `trial_end`). */
export function timestamp(value: FormValue | undefined, param: string): number {
  const raw = text(value, param, true)!;
  if (!/^\d{1,11}$/.test(raw))
    throw invalidRequest(`Invalid timestamp: ${raw.slice(0, 40)} (${param} must be Unix seconds)`, param);
  return Number(raw);
}

/** `metadata[k]=v` pairs: at most 50 keys of at most 40 characters, text values of at most 500; empty drops a key. */
export function metadataOf(value: FormValue | undefined, param: string): Record<string, string> {
  if (value === undefined || value === '') return {};
  if (!isObj(value)) throw invalidRequest('Invalid object', param);
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalidRequest('Metadata may hold at most 50 keys', param);
  const out: Record<string, string> = {};
  for (const [key, v] of entries) {
    if (key.length > 40)
      throw invalidRequest('Metadata keys may be at most 40 characters', `${param}[${key}]`);
    if (typeof v !== 'string' || v.length > 500)
      throw invalidRequest('Metadata values must be text of at most 500 characters', `${param}[${key}]`);
    if (v !== '') out[key] = v;
  }
  return out;
}
