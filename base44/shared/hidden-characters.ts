/**
 * One rule for the characters a reader cannot see, by Unicode class rather than by a list of code points: controls
 * (`Cc`, C1 included: U+0085 is a line break), format characters (`Cf`: soft hyphen, zero-width, bidirectional marks,
 * tag characters), line and paragraph separators, every default-ignorable code point (variation selectors, the
 * combining grapheme joiner, the Mongolian vowel separator), the bidirectional controls, and the fillers that render as
 * blank (Hangul fillers, the blank Braille pattern). Text a buyer typed on the provider's page (an e-mail address, a
 * name) can hold any of them; quoted to the agency, they could hide part of an address, make it read in another order,
 * or break a line. The payment provider's stand-in in the harness keeps the same definition for its own checks.
 */
// Stryker disable next-line Regex: in the Unicode data of today's engines the four fillers are default-ignorable and every bidirectional control is a format character, so leaving one of those out of the class changes nothing a test can see (tests/unit-node/base44/hidden-characters.test.ts covers each class; a comment cannot single those mutants out).
export const HIDDEN_CHARACTER =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** Whether `text` holds a character a reader cannot see. */
export function hasHiddenCharacter(text: string): boolean {
  return HIDDEN_CHARACTER.test(text);
}

/** Controls and line or paragraph separators: each run becomes one space, so that the words either side stay apart. */
const BREAKS = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;
const HIDDEN = new RegExp(HIDDEN_CHARACTER.source, 'gu');

/** `text` as a reader sees it, on one line: breaks become spaces, the other hidden characters go, ends trimmed. */
export function withoutHiddenCharacters(text: string): string {
  return text.replace(BREAKS, ' ').replace(HIDDEN, '').trim();
}
