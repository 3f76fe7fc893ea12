/**
 * Before each file of a Vitest project that shares one module graph per worker (`unit-node`, `integration`:
 * vitest.config.ts): real timers and clock, the environment, globals and spied methods as they were, whatever the file
 * before it left.
 */
import { vi } from 'vitest';

vi.useRealTimers();
vi.unstubAllEnvs();
vi.unstubAllGlobals();
vi.restoreAllMocks();
