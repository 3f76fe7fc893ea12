/**
 * Reconnection delays (src/platform/backoff.ts): the client's own, and socket.io's once guarded, stay between the
 * contract's bounds however many attempts have failed.
 */
import { Manager } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { backoffDelay, guardManagerBackoff } from '../../../src/platform/backoff.ts';
import { SOCKET_OPTIONS } from '../../../src/platform/index.ts';

describe('reconnection delays (docs/security.md, "Realtime")', () => {
  it('grow from 1000 ms to at most 5000 ms with ±0.5 jitter', () => {
    expect(backoffDelay(0, () => 0.5)).toBe(1000);
    expect(backoffDelay(1, () => 0.5)).toBe(2000);
    expect(backoffDelay(2, () => 0.5)).toBe(4000);
    expect(backoffDelay(3, () => 0.5)).toBe(5000);
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 0.999999)).toBe(1500);
  });

  it('never collapse to 0 ms, however many attempts have failed', () => {
    for (const attempt of [0, 1, 10, 100, 1023, 1024, 5000, 1e9, Number.MAX_SAFE_INTEGER]) {
      for (const random of [0, 0.1, 0.5, 0.9, 0.999999]) {
        const delay = backoffDelay(attempt, () => random);
        expect(delay).toBeGreaterThanOrEqual(
          SOCKET_OPTIONS.reconnectionDelay * (1 - SOCKET_OPTIONS.randomizationFactor),
        );
        expect(delay).toBeLessThanOrEqual(SOCKET_OPTIONS.reconnectionDelayMax);
      }
    }
  });

  it("keep socket.io's own backoff from collapsing after ~1024 failed attempts", () => {
    const options = { ...SOCKET_OPTIONS, transports: ['websocket'], autoConnect: false };
    const raw = new Manager('http://127.0.0.1:9', options) as unknown as {
      backoff: { attempts: number; duration(): number };
    };
    raw.backoff.attempts = 1100;
    const unguarded = Array.from({ length: 20 }, () => raw.backoff.duration());
    expect(unguarded.some((delay) => delay === 0)).toBe(true);

    const guarded = new Manager('http://127.0.0.1:9', options);
    guardManagerBackoff(guarded);
    const backoff = (guarded as unknown as { backoff: { attempts: number; duration(): number } }).backoff;
    backoff.attempts = 1100;
    for (let i = 0; i < 50; i += 1) {
      const delay = backoff.duration();
      expect(delay).toBeGreaterThanOrEqual(500);
      expect(delay).toBeLessThanOrEqual(5000);
    }
  });
});

describe('guardManagerBackoff', () => {
  it('leaves a manager without a backoff counter (or with an unknown one) as it is', () => {
    const bare = {};
    expect(() => guardManagerBackoff(bare)).not.toThrow();
    expect(bare).toEqual({});
    const odd = { backoff: { attempts: 3 } };
    expect(() => guardManagerBackoff(odd)).not.toThrow();
    expect(odd).toEqual({ backoff: { attempts: 3 } });
  });
});
