/**
 * The one rule for characters nobody sees (base44/shared/hidden-characters.ts): what it finds, by Unicode class, and
 * how text a buyer typed reads once they are gone: a line break becomes a space, anything else hidden disappears, and
 * every visible character (accents, other scripts, the ordinary and the no-break space) stays as it was.
 */
import { describe, expect, it } from 'vitest';
import {
  HIDDEN_CHARACTER,
  hasHiddenCharacter,
  withoutHiddenCharacters,
} from '../../../base44/shared/hidden-characters.ts';

/** The characters the issue found passing as part of a buyer's e-mail, and the ones older rules already knew. */
const HIDDEN: [string, string][] = [
  ['U+061C arabic letter mark', '\u061C'],
  ['U+00AD soft hyphen', '\u00AD'],
  ['U+E0041 tag latin capital letter A', '\u{E0041}'],
  ['U+3164 hangul filler', '\u3164'],
  ['U+180E mongolian vowel separator', '\u180E'],
  ['U+2800 braille pattern blank', '\u2800'],
  ['U+034F combining grapheme joiner', '\u034F'],
  ['U+FE0F variation selector-16', '\uFE0F'],
  ['U+200B zero width space', '\u200B'],
  ['U+202E right-to-left override', '\u202E'],
  ['U+FFF9 interlinear annotation anchor (a format character only)', '\uFFF9'],
  ['U+115F hangul choseong filler', '\u115F'],
  ['U+1160 hangul jungseong filler', '\u1160'],
  ['U+FFA0 halfwidth hangul filler', '\uFFA0'],
];
/** Breaks: controls (C0 and C1) and the line and paragraph separators. */
const BREAKS: [string, string][] = [
  ['CR LF', '\r\n'],
  ['LF', '\n'],
  ['TAB', '\t'],
  ['BEL', '\u0007'],
  ['U+0085 next line', '\u0085'],
  ['U+2028 line separator', '\u2028'],
  ['U+2029 paragraph separator', '\u2029'],
];
const VISIBLE = [
  'jane@example.co.uk',
  'Zoë Ōkubo-Brontë',
  'Łukasz Żółć',
  '李雷',
  'محمد',
  'Jane\u00A0Doe',
  'J. R. R. Tolkien',
];

describe('what is hidden', () => {
  it('each hidden character, inside an address, is found and taken out', () => {
    for (const [name, ch] of HIDDEN) {
      const typed = `jane${ch}@example${ch}.co.uk`;
      expect(hasHiddenCharacter(typed), name).toBe(true);
      expect(withoutHiddenCharacters(typed), name).toBe('jane@example.co.uk');
    }
  });

  it('a break becomes one space, however long the run, so the words either side stay apart', () => {
    for (const [name, ch] of BREAKS) {
      expect(hasHiddenCharacter(`Ann${ch}Bcc`), name).toBe(true);
      expect(withoutHiddenCharacters(`Ann${ch}Bcc: all@example.com`), name).toBe('Ann Bcc: all@example.com');
    }
    expect(withoutHiddenCharacters('Ann\r\n\u2028\u0085Bcc')).toBe('Ann Bcc');
    expect(withoutHiddenCharacters('Ann\r\n\u200BBcc')).toBe('Ann Bcc');
  });

  it('the ends are trimmed, breaks and spaces alike', () => {
    expect(withoutHiddenCharacters('\n  Jane Doe \u2029')).toBe('Jane Doe');
    expect(withoutHiddenCharacters('\u200B\u202E')).toBe('');
  });

  it('visible text, in any script, is left as it is', () => {
    for (const text of VISIBLE) {
      expect(hasHiddenCharacter(text), text).toBe(false);
      expect(withoutHiddenCharacters(text), text).toBe(text);
    }
  });

  it('is the definition the payment provider’s stand-in shares', () => {
    expect(HIDDEN_CHARACTER.source).toBe(
      '[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Default_Ignorable_Code_Point}\\p{Bidi_Control}\\u115F\\u1160\\u3164\\uFFA0\\u2800]',
    );
    expect(HIDDEN_CHARACTER.flags).toBe('u');
  });
});
