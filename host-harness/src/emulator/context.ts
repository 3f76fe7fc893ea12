import type { FastifyRequest } from 'fastify';
import type { DeclaredEntities } from './entities/declared-entities.ts';
import type { FunctionRunner } from './functions/function-runner.ts';
import type { FaultRegistry } from './http/faults.ts';
import type { RequestLog } from './http/request-log.ts';
import type { LocalAgent } from './local-agent.ts';
import type { PaymentDouble } from './payments/payment-double.ts';
import type { RealtimeHub } from './realtime/realtime-hub.ts';
import type { CustomIntegrations } from './routes/custom-integrations.ts';
import type { EmulatorState } from './state/emulator-state.ts';

/** Everything a route needs, created once per emulator. */
export interface EmulatorContext {
  state: EmulatorState;
  realtime: RealtimeHub;
  faults: FaultRegistry;
  requests: RequestLog;
  agent: LocalAgent;
  /** Canned answers for installable integration packages, keyed `package/endpoint` (control API). */
  installables: Map<string, unknown>;
  /** Canned answers for custom integrations, by slug and operation id (control API). */
  customIntegrations: CustomIntegrations;
  /** Entities declared in the project (`base44/entities/`): schema and RLS. */
  declared: DeclaredEntities;
  /** The emulator's own base URL as the caller reached it (`http://localhost:4400`). */
  baseUrl(request: FastifyRequest): string;
  /** The address the emulator listens on: for what must not depend on a caller's Host (functions, the double). */
  ownUrl(): string;
  /** The project's backend functions, run in workerd (as deployed) or Deno. */
  functions: FunctionRunner;
  /** The payment-provider double's own state (idempotency keys). */
  payments: PaymentDouble;
  quiet: boolean;
}

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/** Builds `baseUrl`: the request's Host when it is a local one, otherwise the address the emulator listens on. */
export function createBaseUrl(listening: () => string | null) {
  return (request: FastifyRequest): string => {
    const host = request.headers.host;
    if (host && LOCAL_HOST.test(host)) return `http://${host}`;
    return listening() ?? 'http://localhost:4400';
  };
}
