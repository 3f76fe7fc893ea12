/**
 * `useBodyScrollLock` (src/app/hooks/use-body-scroll-lock.ts): while locked, the page does not scroll, and the
 * scrollbar's width becomes padding so that nothing shifts sideways; unlocking (or unmounting) restores the body's own
 * styles.
 */
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useBodyScrollLock } from '../../../../src/app/hooks/use-body-scroll-lock.ts';

/** A window `width` px wide whose page is `width - scrollbar` px wide (the scrollbar takes the rest). */
function windowWithScrollbar(scrollbar: number, width = 1024) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(document.documentElement, 'clientWidth', {
    configurable: true,
    value: width - scrollbar,
  });
}

const bodyStyle = () => ({
  overflow: document.body.style.overflow,
  paddingRight: document.body.style.paddingRight,
});

const lock = (locked: boolean) =>
  renderHook(({ on }) => useBodyScrollLock(on), { initialProps: { on: locked } });

beforeEach(() => {
  document.body.style.overflow = 'scroll';
  document.body.style.paddingRight = '3px';
});
afterEach(() => {
  Reflect.deleteProperty(document.documentElement, 'clientWidth');
  document.body.removeAttribute('style');
});

describe('useBodyScrollLock', () => {
  it('leaves the body alone while not locked', () => {
    windowWithScrollbar(15);
    lock(false);
    expect(bodyStyle()).toEqual({ overflow: 'scroll', paddingRight: '3px' });
  });

  it("hides the overflow and pads by the scrollbar's width, and restores both when unlocked", () => {
    windowWithScrollbar(15);
    const hook = lock(false);
    hook.rerender({ on: true });
    expect(bodyStyle()).toEqual({ overflow: 'hidden', paddingRight: '15px' });
    hook.rerender({ on: false });
    expect(bodyStyle()).toEqual({ overflow: 'scroll', paddingRight: '3px' });
  });

  it('pads by a 1 px scrollbar, and not at all without one', () => {
    windowWithScrollbar(1);
    const thin = lock(true);
    expect(bodyStyle()).toEqual({ overflow: 'hidden', paddingRight: '1px' });
    thin.unmount();
    windowWithScrollbar(0);
    lock(true);
    expect(bodyStyle()).toEqual({ overflow: 'hidden', paddingRight: '3px' });
  });

  it('restores the body when the locking component goes', () => {
    windowWithScrollbar(17);
    const hook = lock(true);
    expect(bodyStyle()).toEqual({ overflow: 'hidden', paddingRight: '17px' });
    hook.unmount();
    expect(bodyStyle()).toEqual({ overflow: 'scroll', paddingRight: '3px' });
  });
});
