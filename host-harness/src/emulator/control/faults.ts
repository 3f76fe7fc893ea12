import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../core/errors.ts';

export interface FaultSpec {
  method?: string;
  path: string;
  status?: number;
  body?: unknown;
  delayMs?: number;
  malformed?: boolean;
  drop?: boolean;
  times?: number;
}

interface Fault extends FaultSpec {
  id: number;
  remaining: number | null;
}

const MALFORMED_BODY = '{"data": [1, 2, ';
const MAX_DELAY_MS = 120_000;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates a fault from `POST /__harness/faults`. */
export function parseFault(body: unknown): FaultSpec {
  if (!isObject(body)) throw new BadRequestError('A fault must be a JSON object');
  const { method, path, status, delayMs, malformed, drop, times } = body;
  if (typeof path !== 'string' || !path.startsWith('/'))
    throw new BadRequestError('path must be a string starting with /');
  if (path.startsWith('/__harness')) throw new BadRequestError('Faults never apply to /__harness/*');
  if (method !== undefined && (typeof method !== 'string' || !/^[A-Za-z]{3,7}$/.test(method))) {
    throw new BadRequestError('method must be an HTTP method such as GET or POST');
  }
  if (
    status !== undefined &&
    (!Number.isInteger(status) || (status as number) < 100 || (status as number) > 599)
  ) {
    throw new BadRequestError('status must be an HTTP status from 100 to 599');
  }
  if (
    delayMs !== undefined &&
    (!Number.isInteger(delayMs) || (delayMs as number) < 0 || (delayMs as number) > MAX_DELAY_MS)
  ) {
    throw new BadRequestError(`delayMs must be a whole number from 0 to ${MAX_DELAY_MS}`);
  }
  if (times !== undefined && (!Number.isInteger(times) || (times as number) < 1)) {
    throw new BadRequestError('times must be a positive whole number');
  }
  if (malformed !== undefined && typeof malformed !== 'boolean')
    throw new BadRequestError('malformed must be a boolean');
  if (drop !== undefined && typeof drop !== 'boolean') throw new BadRequestError('drop must be a boolean');
  if (status === undefined && delayMs === undefined && !malformed && !drop) {
    throw new BadRequestError('A fault needs at least one of status, delayMs, malformed or drop');
  }
  return {
    path,
    ...(method !== undefined ? { method: (method as string).toUpperCase() } : {}),
    ...(status !== undefined ? { status: status as number } : {}),
    ...('body' in body ? { body: body.body } : {}),
    ...(delayMs !== undefined ? { delayMs: delayMs as number } : {}),
    ...(malformed ? { malformed: true } : {}),
    ...(drop ? { drop: true } : {}),
    ...(times !== undefined ? { times: times as number } : {}),
  };
}

/** Active faults; several may be active, the oldest matching one applies. */
export class FaultRegistry {
  private faults: Fault[] = [];
  private nextId = 1;

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: this.nextId++, remaining: spec.times ?? null };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }

  /** The fault for a request, counting it as used. Preflights only match a fault whose method is OPTIONS. */
  take(method: string, path: string): Fault | undefined {
    if (path.startsWith('/__harness')) return undefined;
    const fault = this.faults.find(
      (f) => path.startsWith(f.path) && (f.method ? f.method === method : method !== 'OPTIONS'),
    );
    if (!fault) return undefined;
    if (fault.remaining !== null && --fault.remaining <= 0)
      this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }
}

/** Applies faults before routing: delay, then drop the connection, a malformed body, or a status and body. */
export function registerFaults(app: FastifyInstance, faults: FaultRegistry): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!; // split answers at least one part
    const fault = faults.take(request.method, path);
    if (!fault) return;
    if (fault.delayMs) await sleep(fault.delayMs);
    if (fault.drop) {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    if (fault.malformed) {
      return reply
        .code(fault.status ?? 200)
        .header('content-type', 'application/json; charset=utf-8')
        .send(MALFORMED_BODY);
    }
    if (fault.status !== undefined) {
      const body =
        'body' in fault
          ? fault.body
          : { message: `Injected fault (status ${fault.status})`, code: 'injected_fault' };
      return reply.code(fault.status).send(body ?? null);
    }
  });
}
