import { afterEach, describe, expect, it } from 'vitest';
import { takeLaunchParams } from '../../../src/bridge/launch-params.ts';

const allow = ['http://localhost:4400'];

afterEach(() => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});

describe('takeLaunchParams with the token the boot script took', () => {
  it('hands that token over when the address no longer has one', () => {
    window.history.replaceState(null, '', '/Pricing?app_id=local-app');
    const params = takeLaunchParams(window, allow, 'Zfromboot');
    expect(params.accessToken).toBe('Zfromboot');
    expect(params.appId).toBe('local-app');
  });

  it('prefers a token in the address (taken and stored now) over the one handed over', () => {
    window.history.replaceState(null, '', '/Pricing?access_token=Znow');
    expect(takeLaunchParams(window, allow, 'Zearlier').accessToken).toBe('Znow');
    expect(window.location.search).toBe('');
    expect(localStorage.getItem('base44_access_token')).toBe('Znow');
  });

  it('ignores a handed-over token longer than any launch parameter', () => {
    expect(takeLaunchParams(window, allow, 'Z'.repeat(2049)).accessToken).toBeNull();
  });
});
