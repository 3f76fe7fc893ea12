import { type ParseOptions, parse, printParseErrorCode, visit } from 'jsonc-parser';

/** The platform's project files (`function.jsonc`, `base44/entities/*.jsonc`): comments and trailing commas. */
const JSONC: ParseOptions = { disallowComments: false, allowTrailingComma: true, allowEmptyContent: false };

/** The problems named in one message at most; the rest usually follow from the first. */
const MAX_PROBLEMS = 3;

/**
 * Parses JSONC with `jsonc-parser` (the parser editors use for these files). Throws a `SyntaxError` naming each
 * problem with its position, such as `CommaExpected at line 3, column 9`. A key `__proto__` is refused too: the
 * parser would make its value the object's prototype instead of a property.
 */
export function parseJsonc(text: string): unknown {
  const source = text.replace(/^\uFEFF/, '');
  const problems: string[] = [];
  const at = (line: number, column: number) => `at line ${line + 1}, column ${column + 1}`;
  visit(
    source,
    {
      onError: (error, _offset, _length, line, column) =>
        problems.push(`${printParseErrorCode(error)} ${at(line, column)}`),
      onObjectProperty: (property, _offset, _length, line, column) => {
        if (property === '__proto__') problems.push(`a property named __proto__ ${at(line, column)}`);
      },
    },
    JSONC,
  );
  if (problems.length > 0) throw new SyntaxError(problems.slice(0, MAX_PROBLEMS).join('; '));
  return parse(source, undefined, JSONC);
}
