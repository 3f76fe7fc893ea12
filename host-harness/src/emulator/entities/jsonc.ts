/**
 * Reads JSONC (JSON with `//` and `/* *\/` comments and trailing commas), the format of the platform's project files.
 * Comments and trailing commas are removed by a scanner that knows where strings start and end, so `"https://x"` or
 * `"a /* b"` inside a string stay intact; the rest is plain `JSON.parse`.
 */
function stripJsonc(text: string): string {
  let out = '';
  let i = 0;
  // Index in `out` of the last comma outside a string, while only whitespace or comments have followed it.
  let pendingComma = -1;
  while (i < text.length) {
    const ch = text[i]!;
    const next = text[i + 1];
    if (ch === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
      pendingComma = -1;
    } else if (ch === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    } else if (ch === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close === -1) throw new SyntaxError(`Unterminated /* comment starting at line ${lineOf(text, i)}`);
      // Keep line breaks so that JSON.parse positions still point at the right line.
      out += text.slice(i, close + 2).replace(/[^\r\n]/g, ' ');
      i = close + 2;
    } else if ((ch === '}' || ch === ']') && pendingComma !== -1) {
      out = `${out.slice(0, pendingComma)} ${out.slice(pendingComma + 1)}${ch}`;
      pendingComma = -1;
      i++;
    } else {
      if (ch === ',') pendingComma = out.length;
      else if (!/\s/.test(ch)) pendingComma = -1;
      out += ch;
      i++;
    }
  }
  return out;
}

// The index just past the closing quote of the string starting at `start` (or the end of the text if unterminated:
// JSON.parse reports that one).
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\') i += 2;
    else if (ch === '"') return i + 1;
    else i++;
  }
  return text.length;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** Parses JSONC text; throws a SyntaxError whose message says what is wrong. */
export function parseJsonc(text: string): unknown {
  return JSON.parse(stripJsonc(text.replace(/^\uFEFF/, '')));
}
