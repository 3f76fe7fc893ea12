/** `$options` must be a string of the flags i, m, s, u: other values are refused before a RegExp is built. */
import { describe, expect, it } from 'vitest';
import { compileFilter } from '../../../../../../host-harness/src/emulator/entities/query/filter.ts';
import { outcome } from '../../outcome.ts';

describe('$options', () => {
  it('refuses non-string options, even those that read as valid flags as text', () => {
    for (const options of [null, ['i'], ['im'], { toString: () => 'i' }, 1]) {
      expect(
        outcome(() => compileFilter({ name: { $regex: 'a', $options: options } })),
        String(options),
      ).toBe('400 invalid_query: $options may contain only the flags i, m, s and u');
    }
  });
});
