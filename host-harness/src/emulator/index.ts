/**
 * The local platform emulator's public surface: the app factory and what its callers (`host-harness/src/main.ts`,
 * the CLI, tests and scripts) configure it with.
 */
export { createEmulator, type Emulator, type EmulatorOptions } from './create-emulator.ts';
export { RUNTIME_NAMES, type RuntimeName, runtimeFromEnv } from './functions/index.ts';
export { webhookEndpointUrl } from './payment-provider/index.ts';
