/**
 * The bridge's decisions, where they are made: the `targetOrigin` it hands to `postMessage` (a spy reads the second
 * argument), the 402 filter, and the scrubbing of the launch token out of every message.
 */
import { describe, expect, it } from 'vitest';
import { installBridge } from '../../../src/bridge/install-bridge.ts';
import { fakeFrame } from './fake-frame.ts';

const EDITOR = 'http://localhost:4400';
const SITE = 'http://localhost:4401';
const options = { editorOrigins: [EDITOR], serverUrlAllowList: [EDITOR] };

describe('installBridge: where messages go', () => {
  it('posts to the editor origin it verified (ancestorOrigins), never to "*"', () => {
    const frame = fakeFrame(`${SITE}/Pricing`, { framed: true, ancestor: EDITOR });
    const bridge = installBridge(options, frame.win);
    bridge.reportError(new Error('boom'));
    frame.win.history.pushState(null, '', '/Process');
    expect(frame.postMessage.mock.calls.map((call) => call[0].type)).toEqual([
      'app_changed_url',
      'app_error',
      'app_changed_url',
    ]);
    expect(frame.postMessage.mock.calls.map((call) => call[1])).toEqual([EDITOR, EDITOR, EDITOR]);
  });

  it('verifies the parent by the referrer when ancestorOrigins is missing', () => {
    const frame = fakeFrame(`${SITE}/`, { framed: true, referrer: `${EDITOR}/some/page?x=1` });
    installBridge(options, frame.win);
    expect(frame.postMessage).toHaveBeenCalledTimes(1);
    expect(frame.postMessage.mock.calls[0]?.[1]).toBe(EDITOR);
  });

  it.each([
    ['an unknown parent', { framed: true, ancestor: 'https://evil.example' }],
    ['a parent it cannot verify', { framed: true }],
    ['a look-alike parent', { framed: true, referrer: 'http://localhost:4400.evil.example/' }],
    ['no parent (not framed)', { framed: false, ancestor: EDITOR }],
  ])('posts nothing at all to %s', (_label, parent) => {
    const frame = fakeFrame(`${SITE}/Pricing`, parent);
    const bridge = installBridge(options, frame.win);
    expect(bridge.targetOrigin).toBeNull();
    bridge.reportError(new Error('boom'));
    frame.win.history.pushState(null, '', '/Process');
    expect(frame.postMessage).not.toHaveBeenCalled();
  });
});

describe('installBridge: what is posted', () => {
  it('no app_error for an HTTP 402, in either place a status is carried; other statuses are reported', () => {
    const frame = fakeFrame(`${SITE}/`, { framed: true, ancestor: EDITOR });
    const bridge = installBridge(options, frame.win);
    frame.postMessage.mockClear();
    bridge.reportError(Object.assign(new Error('Payment required'), { status: 402 }));
    bridge.reportError({ response: { status: 402 }, message: 'Payment required' });
    frame.fire('unhandledrejection', { reason: Object.assign(new Error('plan limit'), { status: 402 }) });
    expect(frame.postMessage).not.toHaveBeenCalled();
    bridge.reportError(Object.assign(new Error('Server error'), { status: 500 }));
    expect(frame.postMessage.mock.calls.map((call) => call[0].type)).toEqual(['app_error']);
  });

  it.each([
    ['the query', '/Pricing?plan=gold&access_token=Zsecret-123', `${SITE}/Pricing?plan=gold`],
    ['an encoded name', '/Pricing?access%5Ftoken=Zsecret-123&plan=gold', `${SITE}/Pricing?plan=gold`],
    ['the hash', '/Pricing?plan=gold#faq&%61ccess_token=Zsecret-123', `${SITE}/Pricing?plan=gold#faq`],
  ])('the launch token in %s appears in no message', (_label, path, announced) => {
    const frame = fakeFrame(`${SITE}${path}`, { framed: true, ancestor: EDITOR });
    const bridge = installBridge(options, frame.win);
    expect(bridge.launch.accessToken).toBe('Zsecret-123');
    const leaky = new Error('GET /api/x?access_token=Zsecret-123 failed');
    leaky.stack = 'Error: Zsecret-123\n    at Zsecret-123';
    bridge.reportError(leaky);
    bridge.reportError({ detail: { token: 'Zsecret-123' } });
    frame.fire('error', { error: new Error('Bearer Zsecret-123 rejected') });
    // A later address that carries a token (a link followed) is announced without it.
    frame.win.history.pushState(null, '', '/Process?access_token=Zsecret-123');

    const messages = frame.postMessage.mock.calls.map((call) => call[0]);
    expect(messages.map((message) => message.type)).toEqual([
      'app_changed_url',
      'app_error',
      'app_error',
      'app_error',
      'app_changed_url',
    ]);
    expect(messages[0]).toEqual({ type: 'app_changed_url', url: announced });
    expect(messages[4]).toEqual({ type: 'app_changed_url', url: `${SITE}/Process` });
    expect(JSON.stringify(messages)).not.toContain('Zsecret-123');
    expect(messages[1].error.title).toBe('Error: GET /api/x?access_token=[redacted] failed');
    expect(messages[1].error.stack).toContain('[redacted]');
  });
});
