/**
 * The site's bridge (src/shared/site-platform/site-bridge.ts): the bridge installed with the site's configuration,
 * once for the page, with the launch token the page's first script took.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { takeLaunchToken } from '../../../../src/platform/launch-token/index.ts';
import { getSiteBridge } from '../../../../src/shared/site-platform/site-bridge.ts';

const BRIDGE = Symbol.for('agency-site.bridge');

afterEach(() => {
  Reflect.deleteProperty(window, BRIDGE);
  window.history.replaceState(null, '', '/');
});

describe('getSiteBridge', () => {
  it('hands the bridge the launch token the boot script took, and returns one bridge for the page', () => {
    window.history.replaceState(null, '', '/?access_token=Zboot');
    takeLaunchToken(window);
    localStorage.clear();
    const bridge = getSiteBridge();
    expect(bridge.launch.accessToken).toBe('Zboot');
    expect(getSiteBridge()).toBe(bridge);
  });

  it('without a token taken the bridge installs all the same, with no token, and posts nowhere at top level', () => {
    const bridge = getSiteBridge();
    expect(bridge.launch.accessToken).toBeNull();
    expect(bridge.targetOrigin).toBeNull();
  });
});
