import { describe, expect, it } from 'vitest';
import { parseJsonc } from '../../../host-harness/src/emulator/core/jsonc.ts';

// The reader of the platform's project files (base44/entities/*.jsonc, function.jsonc): comments and trailing commas
// go, strings stay; every problem is named with its line and column.
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

  it('names each problem with its line and column', () => {
    expect(() => parseJsonc('{\n"a": 1 /* open')).toThrow(
      new SyntaxError('UnexpectedEndOfComment at line 2, column 8; CloseBraceExpected at line 2, column 15'),
    );
    expect(() => parseJsonc('{ "a": 1 "b": 2 }')).toThrow(
      new SyntaxError('CommaExpected at line 1, column 10'),
    );
    expect(() => parseJsonc('[1,,]')).toThrow(new SyntaxError('ValueExpected at line 1, column 4'));
    expect(() => parseJsonc('')).toThrow(new SyntaxError('ValueExpected at line 1, column 1'));
  });

  it('refuses a key __proto__ (it would become the prototype, not a property)', () => {
    expect(() => parseJsonc('{\n  "properties": { "__proto__": { "type": "string" } }\n}')).toThrow(
      new SyntaxError('a property named __proto__ at line 2, column 19'),
    );
  });
});
