/** Import files (`entities/{name}/import`): a JSON array of objects or a CSV file with a header row, read into rows. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../host-harness/src/emulator/core/errors.ts';
import { parseImportFile } from '../../../../../host-harness/src/emulator/entities/import-file.ts';

const file = (text: string | Buffer, filename = 'data.csv', mimetype = 'text/csv') => ({
  filename,
  mimetype,
  data: Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'),
});

function refusal(text: string, filename?: string, mimetype?: string): string {
  try {
    parseImportFile(file(text, filename, mimetype));
    return 'accepted';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_file');
    return error.message;
  }
}

describe('JSON files', () => {
  it('reads an array of objects, or one object, recognised by name, type or first character', () => {
    expect(parseImportFile(file('[{"a":1},{"b":"x"}]', 'rows.json', 'application/octet-stream'))).toEqual([
      { a: 1 },
      { b: 'x' },
    ]);
    expect(parseImportFile(file('{"a":1}', 'rows.JSON', 'text/plain'))).toEqual([{ a: 1 }]);
    expect(parseImportFile(file('[{"a":1}]', 'rows.txt', 'application/json'))).toEqual([{ a: 1 }]);
    expect(parseImportFile(file('[{"a":1}]', 'rows.txt', 'application/ld+json; charset=utf-8'))).toEqual([
      { a: 1 },
    ]);
    expect(parseImportFile(file(' \n [{"a":1}]', 'rows.txt', 'text/plain'))).toEqual([{ a: 1 }]);
    expect(parseImportFile(file('\t{"a":1}', 'rows.csv', 'text/csv'))).toEqual([{ a: 1 }]);
    expect(parseImportFile(file('\uFEFF[{"a":1}]', 'rows.json'))).toEqual([{ a: 1 }]);
  });

  it('keeps the items of an array as they are (each is checked as a record later)', () => {
    expect(parseImportFile(file('[1, "x", null, [2]]', 'rows.json'))).toEqual([1, 'x', null, [2]]);
  });

  it('refuses invalid JSON, a scalar, and an empty array', () => {
    expect(refusal('[{"a":1}', 'rows.json')).toBe('The JSON file is not valid JSON');
    expect(refusal('5', 'rows.json')).toBe('The JSON file must hold an array of objects');
    expect(refusal('"x"', 'rows.json')).toBe('The JSON file must hold an array of objects');
    expect(refusal('null', 'rows.json')).toBe('The JSON file must hold an array of objects');
    expect(refusal('[]', 'rows.json')).toBe('The file holds no records');
  });

  it('refuses more than 10,000 records', () => {
    const rows = (n: number) => JSON.stringify(Array.from({ length: n }, () => ({})));
    expect(parseImportFile(file(rows(10_000), 'rows.json'))).toHaveLength(10_000);
    expect(refusal(rows(10_001), 'rows.json')).toBe('The file holds more than 10000 records');
  });
});

describe('CSV files', () => {
  it('reads a header row and one record per row, converting only unambiguous values', () => {
    const text = 'name,age,active,phone,score,code\nAnn,30,true,020 7946,1.5,007\nBo,-2,false,+44,10.0,1e3\n';
    expect(parseImportFile(file(text))).toEqual([
      { name: 'Ann', age: 30, active: true, phone: '020 7946', score: 1.5, code: '007' },
      { name: 'Bo', age: -2, active: false, phone: '+44', score: '10.0', code: '1e3' },
    ]);
  });

  it('converts decimals, and keeps the text of values that only look like numbers or booleans', () => {
    expect(parseImportFile(file('n\n1.25\n-0.5\n12'))).toEqual([{ n: 1.25 }, { n: -0.5 }, { n: 12 }]);
    // Text that JavaScript alone reads as a number stays text.
    expect(parseImportFile(file('n\n1e+21\nInfinity\nNaN'))).toEqual([
      { n: '1e+21' },
      { n: 'Infinity' },
      { n: 'NaN' },
    ]);
    const text = 'v\nTrue\nFALSE\n1.\n.5\n- 1\n--1\n01.5\n1 \n 1\n0\n-0\n12a\na12\n';
    expect(parseImportFile(file(text)).map((row) => (row as { v: unknown }).v)).toEqual([
      'True',
      'FALSE',
      '1.',
      '.5',
      '- 1',
      '--1',
      '01.5',
      '1 ',
      ' 1',
      0,
      '-0',
      '12a',
      'a12',
    ]);
  });

  it('reads quoted cells: commas, line breaks and doubled quotes inside', () => {
    const text = 'a,b\r\n"x, y","say ""hi"""\r\n"line\nbreak",""\r\n';
    expect(parseImportFile(file(text))).toEqual([{ a: 'x, y', b: 'say "hi"' }, { a: 'line\nbreak' }]);
  });

  it('treats a quote inside an unquoted cell as text', () => {
    expect(parseImportFile(file('a,b\nx"y,2\n'))).toEqual([{ a: 'x"y', b: 2 }]);
  });

  it('reads CR, LF and CRLF line ends alike, a last row without one (its last cell empty too), and skips blank lines', () => {
    expect(parseImportFile(file('a\rx\r\ny\n\nz'))).toEqual([{ a: 'x' }, { a: 'y' }, { a: 'z' }]);
    expect(parseImportFile(file('a,b\n1,\n,\n'))).toEqual([{ a: 1 }, {}]);
    const rows = [
      { a: 1, b: 2 },
      { a: 3, b: 4 },
    ];
    expect(parseImportFile(file('a,b\n1,2\n3,4'))).toEqual(rows);
    expect(parseImportFile(file('a,b\r\n1,2\r\n3,4\r\n'))).toEqual(rows);
    expect(parseImportFile(file('a,b\r1,2\r3,4'))).toEqual(rows);
    expect(parseImportFile(file('a,b\n1,'))).toEqual([{ a: 1 }]);
    expect(parseImportFile(file('a,b\r\nx,\r\n'))).toEqual([{ a: 'x' }]);
  });

  it('strips a leading byte-order mark only', () => {
    expect(parseImportFile(file('\uFEFFname\nx\uFEFFy'))).toEqual([{ name: 'x\uFEFFy' }]);
    expect(parseImportFile(file('name\nx\uFEFFy'))).toEqual([{ name: 'x\uFEFFy' }]);
  });

  it('leaves out empty cells and allows fewer cells than columns', () => {
    expect(parseImportFile(file('a,b,c\n1,,3\n4\n'))).toEqual([{ a: 1, c: 3 }, { a: 4 }]);
  });

  it('trims column names and allows spaces and dashes inside them', () => {
    expect(parseImportFile(file(' first name , last-name \nA,B\n'))).toEqual([
      { 'first name': 'A', 'last-name': 'B' },
    ]);
    expect(parseImportFile(file(`${'c'.repeat(64)}\nx\n`))).toEqual([{ ['c'.repeat(64)]: 'x' }]);
  });

  it('refuses a bad header, a row longer than the header, an unterminated quote, and no rows', () => {
    const badHeader = 'The CSV header has an empty or invalid column name';
    for (const header of ['a,,b', 'a,b$', '-a', ' a b c,é', 'c'.repeat(65), 'a,b.c']) {
      expect(refusal(`${header}\n1\n`), header).toBe(badHeader);
    }
    expect(refusal('a,b\n1,2\n1,2,3\n')).toBe('CSV row 3 has more cells than the header');
    expect(refusal('a\n"open\n')).toBe('The CSV file has an unterminated quoted value');
    expect(refusal('')).toBe('The CSV file is empty');
    expect(refusal('\n\n')).toBe('The CSV file is empty');
    expect(refusal('a,b\n')).toBe('The file holds no records');
  });

  it('refuses more than 10,000 rows', () => {
    const rows = (n: number) => `a\n${'1\n'.repeat(n)}`;
    expect(parseImportFile(file(rows(10_000)))).toHaveLength(10_000);
    expect(refusal(rows(10_001))).toBe('The file holds more than 10000 records');
  });

  it('is any file not named or typed JSON whose first 100 characters do not open a JSON value', () => {
    expect(parseImportFile(file('x\n1\n', 'rows.txt', 'text/plain'))).toEqual([{ x: 1 }]);
    expect(parseImportFile(file('name\n{x}\n[y]'))).toEqual([{ name: '{x}' }, { name: '[y]' }]);
    expect(parseImportFile(file(`${' '.repeat(99)}[{"a":1}]`, 'rows.txt', 'text/plain'))).toEqual([{ a: 1 }]);
    expect(refusal(`${' '.repeat(100)}[{"a":1}]`, 'rows.txt', 'text/plain')).toBe(
      'The CSV header has an empty or invalid column name',
    );
    expect(refusal('x.json\n1\n', 'rows.json.csv', 'text/csv')).toBe(
      'The CSV header has an empty or invalid column name',
    );
  });
});
