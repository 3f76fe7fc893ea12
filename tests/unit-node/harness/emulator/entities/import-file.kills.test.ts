/** Import files: a trailing empty cell, numbers written the way JavaScript prints them, byte-order marks, braces. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../host-harness/src/emulator/core/errors.ts';
import { parseImportFile } from '../../../../../host-harness/src/emulator/entities/import-file.ts';

const file = (text: string, filename = 'data.csv', mimetype = 'text/csv') => ({
  filename,
  mimetype,
  data: Buffer.from(text, 'utf8'),
});

describe('CSV files', () => {
  it('keeps a last row whose last cell is empty', () => {
    expect(parseImportFile(file('a,b\n1,'))).toEqual([{ a: 1 }]);
    expect(parseImportFile(file('a,b\r\nx,\r\n'))).toEqual([{ a: 'x' }]);
  });

  it('reads LF, CRLF and CR line ends alike, and every character after them', () => {
    expect(parseImportFile(file('a,b\n1,2\n3,4'))).toEqual([
      { a: 1, b: 2 },
      { a: 3, b: 4 },
    ]);
    expect(parseImportFile(file('a,b\r\n1,2\r\n3,4\r\n'))).toEqual([
      { a: 1, b: 2 },
      { a: 3, b: 4 },
    ]);
    expect(parseImportFile(file('a,b\r1,2\r3,4'))).toEqual([
      { a: 1, b: 2 },
      { a: 3, b: 4 },
    ]);
  });

  it('converts decimals, and leaves text that only JavaScript reads as a number', () => {
    expect(parseImportFile(file('n\n1.25\n-0.5\n12'))).toEqual([{ n: 1.25 }, { n: -0.5 }, { n: 12 }]);
    expect(parseImportFile(file('n\n1e+21\nInfinity\nNaN'))).toEqual([
      { n: '1e+21' },
      { n: 'Infinity' },
      { n: 'NaN' },
    ]);
  });

  it('strips only a leading byte-order mark', () => {
    expect(parseImportFile(file('\uFEFFname\nx\uFEFFy'))).toEqual([{ name: 'x\uFEFFy' }]);
    expect(parseImportFile(file('name\nx\uFEFFy'))).toEqual([{ name: 'x\uFEFFy' }]);
  });

  it('reads a CSV file with a brace early on as CSV', () => {
    expect(parseImportFile(file('name\n{x}\n[y]'))).toEqual([{ name: '{x}' }, { name: '[y]' }]);
  });

  it('still refuses a CSV file with only a header', () => {
    try {
      parseImportFile(file('a,b\n'));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe('The file holds no records');
    }
  });
});
