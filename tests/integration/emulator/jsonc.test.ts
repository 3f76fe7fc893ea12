import { describe, expect, it } from 'vitest';
import { parseJsonc } from '../../../host-harness/src/emulator/entities/jsonc.ts';

// The reader of the platform's project files (base44/entities/*.jsonc): comments and trailing commas go, strings stay.
describe('parseJsonc', () => {
  it('drops line and block comments, and trailing commas before } and ]', () => {
    const text =
      '\uFEFF// head\r\n{ "a": 1, /* b */ "list": [1, 2, /* last */ ],\r\n "o": { "x": true, // t\n },\n}\n';
    expect(parseJsonc(text)).toEqual({ a: 1, list: [1, 2], o: { x: true } });
  });

  it('keeps comment markers, commas and escaped quotes inside strings', () => {
    const text = String.raw`{ "url": "https://example.com//x", "c": "/* not */", "q": "say \"hi\" // still", "e": "\\", "t": ",]" }`;
    expect(parseJsonc(text)).toEqual({
      url: 'https://example.com//x',
      c: '/* not */',
      q: 'say "hi" // still',
      e: '\\',
      t: ',]',
    });
  });

  it('reports an unterminated block comment with its line, and invalid JSON as JSON.parse does', () => {
    expect(() => parseJsonc('{\n"a": 1 /* open')).toThrow('Unterminated /* comment starting at line 2');
    expect(() => parseJsonc('{ "a": 1 "b": 2 }')).toThrow(SyntaxError);
    expect(() => parseJsonc('[1,,]')).toThrow(SyntaxError);
  });
});
