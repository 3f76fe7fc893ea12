/**
 * The editor shell's screening of what reaches its window (`host-harness/shell/src/bridge-messages.ts`): only the
 * preview frame, on the site's origin, is heard, except for the one message a page posts as it goes, which arrives
 * without a source window.
 */
import { describe, expect, it } from 'vitest';
import { screenMessage } from '../../../../host-harness/shell/src/bridge-messages.ts';

const SITE = 'http://localhost:4401';
const frameWindow = {} as Window;
const other = {} as Window;

describe('screenMessage', () => {
  it('accepts a message of the preview frame from the site origin', () => {
    expect(
      screenMessage(
        { source: frameWindow, origin: SITE, data: { type: 'sandbox:onMounted' } },
        frameWindow,
        SITE,
      ),
    ).toEqual({ accepted: true, type: 'sandbox:onMounted', reason: null });
  });

  it('accepts sandbox:onUnmounted without a source window (a page posting as it goes), from the site origin only', () => {
    const leaving = { source: null, data: { type: 'sandbox:onUnmounted' } };
    expect(screenMessage({ ...leaving, origin: SITE }, frameWindow, SITE).accepted).toBe(true);
    expect(screenMessage({ ...leaving, origin: SITE }, null, SITE).accepted).toBe(true);
    expect(screenMessage({ ...leaving, origin: 'https://evil.example' }, frameWindow, SITE)).toMatchObject({
      accepted: false,
      reason: `origin https://evil.example is not ${SITE}`,
    });
  });

  it.each([
    ['another message without a source window', { source: null, data: { type: 'app_error' } }],
    ['sandbox:onUnmounted from another window', { source: other, data: { type: 'sandbox:onUnmounted' } }],
    ['any message from another window', { source: other, data: { type: 'sandbox:onMounted' } }],
  ])('ignores %s', (_label, event) => {
    expect(screenMessage({ ...event, origin: SITE }, frameWindow, SITE)).toEqual({
      accepted: false,
      type: 'ignored',
      reason: 'not sent by the preview frame',
    });
  });
});
