import { BadRequestError } from '../core/errors.ts';
import type { UploadedFile } from '../core/http/named-params.ts';

/** At most this many rows per import. */
const IMPORT_ROW_LIMIT = 10_000;

/** Splits CSV text into rows of cells (RFC 4180: quoted cells, doubled quotes, CRLF or LF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      // CRLF ends a row at CR; the LF then ends an empty row, which the filter below drops.
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (quoted) throw new BadRequestError('The CSV file has an unterminated quoted value', 'invalid_file');
  // The last row (an empty one after a final newline is dropped by the filter).
  row.push(cell);
  rows.push(row);
  return rows.filter((r) => r.length > 1 || r[0] !== '');
}

// Without a schema, only unambiguous values are converted: "020 7946" or "007" stay strings.
function csvValue(raw: string): unknown {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(raw) && String(Number(raw)) === raw) return Number(raw);
  return raw;
}

function fromCsv(text: string): Record<string, unknown>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new BadRequestError('The CSV file is empty', 'invalid_file');
  const names = header.map((h) => h.trim());
  if (names.some((n) => !/^[A-Za-z0-9_][A-Za-z0-9_ -]{0,63}$/.test(n))) {
    throw new BadRequestError('The CSV header has an empty or invalid column name', 'invalid_file');
  }
  return rows.map((cells, i) => {
    if (cells.length > names.length)
      throw new BadRequestError(`CSV row ${i + 2} has more cells than the header`, 'invalid_file');
    const record: Record<string, unknown> = {};
    cells.forEach((cell, c) => {
      if (cell !== '') record[names[c]!] = csvValue(cell);
    });
    return record;
  });
}

function fromJson(text: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BadRequestError('The JSON file is not valid JSON', 'invalid_file');
  }
  if (Array.isArray(parsed)) return parsed;
  if (typeof parsed === 'object' && parsed !== null) return [parsed];
  throw new BadRequestError('The JSON file must hold an array of objects', 'invalid_file');
}

/** Reads an import file (JSON array of objects, or CSV with a header row) into raw rows. */
export function parseImportFile(file: UploadedFile): unknown[] {
  const text = file.data.toString('utf8').replace(/^\uFEFF/, '');
  const looksJson =
    /\.json$/i.test(file.filename) || file.mimetype.includes('json') || /^\s*[[{]/.test(text.slice(0, 100));
  const rows = looksJson ? fromJson(text) : fromCsv(text);
  if (rows.length === 0) throw new BadRequestError('The file holds no records', 'invalid_file');
  if (rows.length > IMPORT_ROW_LIMIT) {
    throw new BadRequestError(`The file holds more than ${IMPORT_ROW_LIMIT} records`, 'invalid_file');
  }
  return rows;
}
