/** Calls `visit` for each character outside strings; strings are copied as they are, escapes included. */
function transform(text: string, visit: (i: number) => { emit: string; next: number }): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      const start = i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      out += text.slice(start, ++i);
      continue;
    }
    const { emit, next } = visit(i);
    out += emit;
    i = next;
  }
  return out;
}

/**
 * Parses JSON with comments (`//`, `/* *\/`) and trailing commas, the format of the platform's `function.jsonc`.
 * Throws a `SyntaxError` like `JSON.parse`.
 */
export function parseJsonc(text: string): unknown {
  const noComments = transform(text, (i) => {
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      return { emit: '', next: end === -1 ? text.length : end };
    }
    if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      return { emit: ' ', next: end === -1 ? text.length : end + 2 };
    }
    return { emit: text[i]!, next: i + 1 };
  });
  const noTrailingCommas = transform(noComments, (i) => {
    const trailing = noComments[i] === ',' && /^\s*[}\]]/.test(noComments.slice(i + 1, i + 200));
    return { emit: trailing ? '' : noComments[i]!, next: i + 1 };
  });
  return JSON.parse(noTrailingCommas);
}
