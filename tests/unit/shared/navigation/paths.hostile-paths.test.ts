import { describe, expect, it } from 'vitest';
import { pageNameForPath } from '../../../../src/shared/navigation/paths.ts';

// The site server names the page of every request with this; a regular expression used to take quadratic time on a
// run of slashes followed by anything else.
describe('pageNameForPath on hostile paths', () => {
  it('judges 100,000 slashes followed by a name in well under 50 ms', () => {
    const path = `${'/'.repeat(100_000)}x`;
    const started = performance.now();
    expect(pageNameForPath(path)).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('still trims any number of trailing slashes', () => {
    expect(pageNameForPath(`/Pricing${'/'.repeat(100_000)}`)).toBe('Pricing');
    expect(pageNameForPath('/'.repeat(100_000))).toBe('Index');
    expect(pageNameForPath(`${'/'.repeat(50)}Pricing`)).toBeNull();
  });
});
