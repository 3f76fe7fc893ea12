/**
 * The launch URL the editor shell gives the preview (`host-harness/shell/src/site-url.ts`) and the path its address bar
 * shows.
 */
import { describe, expect, it } from 'vitest';
import { displayPath, launchUrl } from '../../../../host-harness/shell/src/site-url.ts';

const SITE = 'http://localhost:4401';

describe('the launch URL', () => {
  const options = {
    siteOrigin: SITE,
    appId: 'local-app',
    serverUrl: 'http://localhost:4400',
    accessToken: null,
  };

  it('asks the site to forget its token with clear_access_token=true, and the address bar never shows it', () => {
    const url = new URL(launchUrl('/Pricing?plan=gold', { ...options, clearToken: true }));
    expect(url.searchParams.get('clear_access_token')).toBe('true');
    expect(url.searchParams.has('access_token')).toBe(false);
    expect(displayPath(url.href, SITE)).toBe('/Pricing?plan=gold');
    expect(new URL(launchUrl('/', options)).searchParams.has('clear_access_token')).toBe(false);
  });
});
