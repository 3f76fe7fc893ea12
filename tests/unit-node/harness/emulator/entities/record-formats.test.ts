/** The string formats the platform documents for entity fields, as the schema check applies them. */
import { describe, expect, it } from 'vitest';
import { RECORD_FORMATS } from '../../../../../host-harness/src/emulator/entities/record-formats.ts';

function check(format: string, valid: string[], invalid: string[]): void {
  const test = RECORD_FORMATS[format]!;
  for (const value of valid) expect(test(value), `${format}: ${JSON.stringify(value)}`).toBe(true);
  for (const value of invalid) expect(test(value), `${format}: ${JSON.stringify(value)}`).toBe(false);
}

describe('RECORD_FORMATS', () => {
  it('names the documented formats', () => {
    expect(Object.keys(RECORD_FORMATS).sort()).toEqual(
      [
        'date',
        'date-time',
        'email',
        'file',
        'hostname',
        'ipv4',
        'ipv6',
        'regex',
        'richtext',
        'time',
        'uri',
        'uuid',
      ].sort(),
    );
  });

  it('date: a real calendar day, YYYY-MM-DD, in years from 0100 (never read as 19xx)', () => {
    check(
      'date',
      ['2024-02-29', '2023-12-31', '1000-01-01', '2000-02-29', '2024-01-01', '0100-01-01'],
      [
        '0050-01-01',
        '0099-12-31',
        '2023-04-31',
        '2023-03-00',
        '2023-13-01',
        '2023-00-15',
        '2023-02-29',
        '1900-02-29',
        '2024-13-01',
        '2024-00-10',
        '2024-04-31',
        '2024-01-32',
        '2024-1-01',
        '24-01-01',
        ' 2024-01-01',
        '2024-01-01 ',
        '2024-01-01T00:00',
        '2024/01/01',
        '',
      ],
    );
  });

  it('time: hours, minutes, optional seconds and fraction, optional zone', () => {
    check(
      'time',
      [
        '00:00',
        '23:59',
        '09:30:15',
        '09:30:15.123456789',
        '09:30:15Z',
        '09:30:15z',
        '09:30+01:00',
        '09:30:15-0530',
        '19:05',
      ],
      [
        '24:00',
        '9:30',
        '12:60',
        '12:30:60',
        '12:30:15.',
        '12:30:15.1234567890',
        '12:30+1',
        '12:30 ',
        ' 12:30',
        '12:30Q',
        '12',
        '1230',
        '12:30:15+01:00:00',
      ],
    );
  });

  it('date-time: a date, T or a space, and a time (a zone is optional), and nothing after a line break', () => {
    check(
      'date-time',
      [
        '2023-01-01T10:00:00',
        '2024-01-02T03:04:05.678Z',
        '2024-01-02t03:04',
        '2024-01-02 03:04:05',
        '2024-01-02T03:04:05+00:00',
        '2024-01-02T23:59:59.000',
      ],
      [
        '2024-01-02',
        '2024-01-02T',
        '2024-01-02X03:04',
        '2024-02-30T00:00',
        '2024-01-02T24:00',
        'x2024-01-02T03:04',
        '2024-01-02T03:04 ',
        'T03:04',
        '',
        '2023-01-01T10:00:00\nDROP',
        '2023-01-01 10:00\n',
      ],
    );
  });

  it('email: something@domain, no spaces, at most 254 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(long).toHaveLength(254);
    check(
      'email',
      ['a@b', 'a.b+c@example.co.uk', 'x@y.z', long],
      [
        'a',
        '@b.c',
        'a@',
        'a@b.',
        'a@.b',
        'a@b..c',
        'a b@c.d',
        'a@b c.d',
        'a@@b.c',
        `${long}m`,
        'a@b.c\n',
        '',
      ],
    );
  });

  it('uri: a scheme and whatever the URL parser accepts, without the leading space it would trim', () => {
    check(
      'uri',
      [
        'https://example.com/a?b=c#d',
        'mailto:a@b.c',
        'urn:isbn:0451450523',
        'x+y.z-1:rest',
        'file:///tmp/x',
        'http://example.com',
      ],
      [
        'example.com',
        '/relative/path',
        '1http://x',
        ':nothing',
        'http://[bad',
        '',
        'ht tp://x',
        ' http://example.com',
        '\thttps://example.com/x',
      ],
    );
  });

  it('hostname: dot-separated labels of letters, digits and inner dashes, 253 characters at most', () => {
    const label = 'a'.repeat(63);
    const longest = [label, label, label, 'b'.repeat(61)].join('.');
    expect(longest).toHaveLength(253);
    check(
      'hostname',
      ['localhost', 'example.com', 'a-b.c-d.e', 'x', '1.2', `${label}.com`, longest, 'A9'],
      [
        '',
        '-a.com',
        'a-.com',
        'a..com',
        '.a.com',
        'a.com.',
        `${label}a.com`,
        `${longest}c`,
        'a_b.com',
        'a b',
        'é.com',
      ],
    );
  });

  it('ipv4, ipv6 and uuid', () => {
    check('ipv4', ['127.0.0.1', '255.255.255.255'], ['256.0.0.1', '1.2.3', '::1', '']);
    check('ipv6', ['::1', 'fe80::1', '2001:db8::ff00:42:8329'], ['127.0.0.1', ':::1', 'g::1', '']);
    check(
      'uuid',
      ['123e4567-e89b-12d3-a456-426614174000', '123E4567-E89B-12D3-A456-426614174000'],
      [
        '123e4567e89b12d3a456426614174000',
        '123e4567-e89b-12d3-a456-42661417400',
        '123e4567-e89b-12d3-a456-4266141740000',
        'x23e4567-e89b-12d3-a456-426614174000',
        ' 123e4567-e89b-12d3-a456-426614174000',
        '123e4567-e89b-12d3-a456-426614174000 ',
      ],
    );
  });

  it('regex: a pattern JavaScript compiles in unicode mode', () => {
    check('regex', ['^a+$', '\\p{L}', '[a-z]{2,}', ''], ['(', '[z-a]', '\\p{Nope}', 'a{2,1}', '\\k']);
  });

  it('file and richtext: editor hints, any string', () => {
    check('file', ['', 'anything', 'https://x/y.png'], []);
    check('richtext', ['', '<p>anything</p>'], []);
  });
});
