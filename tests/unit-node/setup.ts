/**
 * Before each file of the `unit-node` project, which shares one module graph per worker (vitest.config.ts): real
 * timers and clock, the environment, globals and spied methods as they were, whatever the file before it left.
 */
import { vi } from 'vitest';

vi.useRealTimers();
vi.unstubAllEnvs();
vi.unstubAllGlobals();
vi.restoreAllMocks();
