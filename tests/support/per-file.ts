import { afterAll, beforeAll, beforeEach } from 'vitest';

/** A server a test file starts once: back to its first state by `reset`, stopped by `close`. */
export interface Resettable {
  reset(): unknown;
  close(): Promise<unknown>;
}

/**
 * One server for a test file: `start`ed before its tests, reset before each test, closed after them; `use` receives
 * it once started (the file keeps it).
 */
export function perFile<T extends Resettable>(start: () => Promise<T>, use: (started: T) => void): void {
  let started: T;
  beforeAll(async () => {
    started = await start();
    use(started);
  });
  afterAll(() => started.close());
  beforeEach(async () => {
    await started.reset();
  });
}
