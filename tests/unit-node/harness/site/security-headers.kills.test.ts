/** The build's hash list can only add `'sha256-…'` strings: a hash wrapped in an array is not a source. */
import { describe, expect, it } from 'vitest';
import { defaultSiteConfig } from '../../../../config/site-config.ts';
import { securityHeaders } from '../../../../host-harness/src/site/security-headers.ts';

const hash = (fill: string) => `'sha256-${fill.repeat(43).slice(0, 43)}='`;

function scriptSources(sources: unknown[]): string[] {
  const policy = securityHeaders(defaultSiteConfig, { 'script-src': sources as string[] })[
    'Content-Security-Policy'
  ];
  const directive = (policy ?? '').split('; ').find((d) => d.startsWith('script-src ')) ?? '';
  return directive.split(' ').slice(1);
}

describe('securityHeaders inline hashes', () => {
  it('keeps hash strings and drops a hash wrapped in an array or any other non-string', () => {
    expect(scriptSources([hash('A'), [hash('B')], { toString: () => hash('C') }, 7])).toEqual([
      "'self'",
      hash('A'),
    ]);
  });
});
