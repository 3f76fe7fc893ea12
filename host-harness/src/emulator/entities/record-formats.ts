import { isIPv4, isIPv6 } from 'node:net';

/**
 * The string formats the platform documents for entity fields, written here because the project ships no format
 * package. The date formats are a little more lenient than RFC 3339: the platform's own timestamps
 * (`created_date`) carry no time zone, so a zone is optional.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})?$/;
const HOSTNAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // A day past the month's end (or day 00) rolls into another month, so year and month settle it.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1;
}

function isDateTime(value: string): boolean {
  const split = /^(.{10})[Tt ](.+)$/.exec(value);
  return Boolean(split && isDate(split[1]!) && TIME.test(split[2]!));
}

function isUri(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) && URL.canParse(value);
}

function isRegex(value: string): boolean {
  try {
    new RegExp(value, 'u');
    return true;
  } catch {
    return false;
  }
}

export const RECORD_FORMATS: Record<string, (value: string) => boolean> = {
  date: isDate,
  'date-time': isDateTime,
  time: (value) => TIME.test(value),
  email: (value) => /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*$/.test(value) && value.length <= 254,
  uri: isUri,
  hostname: (value) => HOSTNAME.test(value),
  ipv4: (value) => isIPv4(value),
  ipv6: (value) => isIPv6(value),
  uuid: (value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  regex: isRegex,
  // Editor hints on the platform, not constraints: any string.
  file: () => true,
  richtext: () => true,
};
