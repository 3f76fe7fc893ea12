import { describe, expect, it } from 'vitest';
import { resolveParentOrigin } from '../../../src/bridge/parent-origin.ts';

const editor = ['http://localhost:4400'];

function fakeWindow(options: { framed: boolean; ancestor?: string; referrer?: string }): Window {
  const self = {} as Record<string, unknown>;
  self.parent = options.framed ? {} : self;
  self.location = { ancestorOrigins: options.ancestor ? [options.ancestor] : undefined };
  self.document = { referrer: options.referrer ?? '' };
  return self as unknown as Window;
}

describe('resolveParentOrigin', () => {
  it('sends nothing when the site is not framed', () => {
    expect(resolveParentOrigin(fakeWindow({ framed: false, ancestor: editor[0] }), editor)).toBeNull();
  });

  it('uses the allow-listed ancestor origin', () => {
    expect(resolveParentOrigin(fakeWindow({ framed: true, ancestor: 'http://localhost:4400' }), editor)).toBe(
      'http://localhost:4400',
    );
  });

  it('falls back to the referrer when ancestorOrigins is unavailable', () => {
    const win = fakeWindow({ framed: true, referrer: 'http://localhost:4400/some/page?x=1' });
    expect(resolveParentOrigin(win, editor)).toBe('http://localhost:4400');
  });

  it('sends nothing to an unknown or unverifiable parent', () => {
    expect(
      resolveParentOrigin(fakeWindow({ framed: true, ancestor: 'https://evil.com' }), editor),
    ).toBeNull();
    expect(
      resolveParentOrigin(fakeWindow({ framed: true, referrer: 'https://evil.com/' }), editor),
    ).toBeNull();
    expect(resolveParentOrigin(fakeWindow({ framed: true }), editor)).toBeNull();
  });
});

describe('resolveParentOrigin: a parent that cannot be read', () => {
  it('counts as framed: the verified ancestor is used', () => {
    const win = fakeWindow({ framed: true, ancestor: 'http://localhost:4400' });
    Object.defineProperty(win, 'parent', {
      get() {
        throw new DOMException('Blocked a frame from accessing a cross-origin frame', 'SecurityError');
      },
    });
    expect(resolveParentOrigin(win, editor)).toBe('http://localhost:4400');
  });

  it('a referrer that is not a URL gives no origin', () => {
    expect(resolveParentOrigin(fakeWindow({ framed: true, referrer: 'not a url' }), editor)).toBeNull();
  });
});
