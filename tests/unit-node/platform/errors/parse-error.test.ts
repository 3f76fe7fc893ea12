/** An answer whose JSON is malformed (src/platform/errors/parse-error.ts). */
import { describe, expect, it } from 'vitest';
import { PlatformParseError } from '../../../../src/platform/index.ts';

describe('PlatformParseError', () => {
  it("says the JSON was malformed, and keeps the status, the raw text and the parser's error", () => {
    const cause = new SyntaxError('Unexpected token');
    const error = new PlatformParseError(200, '{oops', cause);
    expect(error.message).toBe('The server answered with malformed JSON');
    expect(error.status).toBe(200);
    expect(error.data).toBe('{oops');
    expect(error.cause).toBe(cause);
  });
});
