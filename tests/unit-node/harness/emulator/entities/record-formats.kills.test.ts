/** Date, date-time and URI formats at their edges: two-digit years, trailing lines, leading spaces. */
import { describe, expect, it } from 'vitest';
import { RECORD_FORMATS } from '../../../../../host-harness/src/emulator/entities/record-formats.ts';

describe('RECORD_FORMATS edges', () => {
  it('date: refuses years that Date would read as 19xx, and days past the month', () => {
    const date = RECORD_FORMATS.date!;
    expect(date('0050-01-01')).toBe(false);
    expect(date('0099-12-31')).toBe(false);
    expect(date('2023-02-29')).toBe(false);
    expect(date('2023-04-31')).toBe(false);
    expect(date('2023-03-00')).toBe(false);
    expect(date('2023-13-01')).toBe(false);
    expect(date('2023-00-15')).toBe(false);
    expect(date('2024-02-29')).toBe(true);
    expect(date('0100-01-01')).toBe(true);
  });

  it('date-time: refuses text after a line break', () => {
    const dateTime = RECORD_FORMATS['date-time']!;
    expect(dateTime('2023-01-01T10:00:00')).toBe(true);
    expect(dateTime('2023-01-01T10:00:00\nDROP')).toBe(false);
    expect(dateTime('2023-01-01 10:00\n')).toBe(false);
  });

  it('uri: refuses a leading space, which URL parsing would trim', () => {
    const uri = RECORD_FORMATS.uri!;
    expect(uri('http://example.com')).toBe(true);
    expect(uri(' http://example.com')).toBe(false);
    expect(uri('\thttps://example.com/x')).toBe(false);
  });
});
