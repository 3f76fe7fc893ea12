/**
 * Delivers the double's events like the provider: each as soon as it is stored, then again on the retry schedule until
 * the endpoint answers 2xx; the schedule lives in the database, so deliveries resume after a restart.
 */
import { WEBHOOK_SECRET, WEBHOOK_TIMEOUT_MS } from '../account/provider-config.ts';
import { nowIso } from '../server/ids.ts';
import type { Delivery } from './delivery-order.ts';
import { signatureHeader } from './event-signature.ts';
import type {
  DeliveryAttempt,
  DeliveryState,
  ProviderEventStore,
  StoredEvent,
} from './provider-event-store.ts';
import { type RetrySchedule, retryDelayMs } from './retry-schedule.ts';

export interface DispatcherDeps {
  events: ProviderEventStore;
  /** Where an app's events go: the webhook function's route. */
  endpoint(appId: string): string;
  schedule: RetrySchedule;
  timeoutMs?: number;
  quiet: boolean;
}

/** Why an attempt got no answer, as the dashboard shows it: a timeout, else the network error (shortened). */
export function failureReason(error: unknown, timeoutMs: number): string {
  const err = error as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  return (err.cause?.code ?? err.cause?.message ?? err.message ?? String(error)).slice(0, 300);
}

/** An event's state after an attempt: delivered on a 2xx; else an automatic attempt's next retry, or `failed`. */
export function stateAfter(
  current: StoredEvent,
  attempt: DeliveryAttempt,
  manual: boolean,
  schedule: RetrySchedule,
  nowMs: number,
): { state: DeliveryState; next_attempt_ms: number | null } {
  if (attempt.ok) return { state: 'delivered', next_attempt_ms: null };
  if (manual || current.state !== 'pending')
    return { state: current.state, next_attempt_ms: current.next_attempt_ms };
  const attempts = current.attempt_count + 1;
  if (attempts >= schedule.maxAttempts) return { state: 'failed', next_attempt_ms: null };
  return { state: 'pending', next_attempt_ms: nowMs + retryDelayMs(schedule, attempts) };
}

type Kind = boolean | 'duplicate';

export class WebhookDispatcher {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Map<string, Promise<DeliveryAttempt | null>>();
  private readonly stopping = new AbortController();
  private running = false;
  constructor(private readonly deps: DispatcherDeps) {}
  /** Starts sending: every pending event is scheduled, those already due at once. */
  start(): void {
    if (this.running || this.stopping.signal.aborted) return;
    this.running = true;
    for (const { id, next_attempt_ms } of this.deps.events.pending()) this.schedule(id, next_attempt_ms);
  }
  /** Sends freshly stored events now, one after another in the order given; resolves once each first attempt ended. */
  async publish(deliveries: readonly (string | Delivery)[]): Promise<void> {
    for (const delivery of deliveries)
      if (typeof delivery === 'string') await this.attempt(delivery, false);
      else await this.attempt(delivery.id, delivery.duplicate ? 'duplicate' : false);
  }
  /** Sends an event again by hand (any state); the retry schedule carries on unless this attempt delivered it. */
  resend(id: string): Promise<DeliveryAttempt | null> {
    return this.attempt(id, true);
  }
  /** Forgets every scheduled attempt (after a reset emptied the events). */
  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
  /** Stops: no new attempt starts, attempts under way are abandoned unrecorded (they run again after a restart). */
  async close(): Promise<void> {
    this.running = false;
    this.clear();
    this.stopping.abort();
    await Promise.allSettled([...this.inFlight.values()]);
  }
  private schedule(id: string, atMs: number): void {
    clearTimeout(this.timers.get(id));
    // A retry due after close() finds the dispatcher stopped when it fires (send()).
    const timer = setTimeout(
      () => {
        this.timers.delete(id);
        void this.attempt(id, false);
      },
      Math.max(0, atMs - Date.now()),
    );
    this.timers.set(id, timer.unref());
  }
  private attempt(id: string, kind: Kind): Promise<DeliveryAttempt | null> {
    const running = this.inFlight.get(id);
    if (running) return running;
    const run = this.send(id, kind).finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, run);
    return run;
  }
  private async send(id: string, kind: Kind): Promise<DeliveryAttempt | null> {
    const event = this.deps.events.get(id);
    if (!event || !this.running || (!kind && event.state !== 'pending')) return null;
    const attempt = await this.post(event, kind);
    if (!attempt) return null;
    const updated = this.deps.events.recordAttempt(id, attempt, (current) =>
      stateAfter(current, attempt, kind !== false, this.deps.schedule, Date.now()),
    );
    if (updated?.state === 'pending' && updated.next_attempt_ms !== null)
      this.schedule(id, updated.next_attempt_ms);
    else {
      clearTimeout(this.timers.get(id));
      this.timers.delete(id);
    }
    if (!attempt.ok && !this.deps.quiet)
      console.error(
        `payment double: event ${id} (${event.type}) not delivered: ${attempt.status ?? 'no answer'} ${attempt.error}`,
      );
    return attempt;
  }
  /** One POST the way the provider sends it (no platform token; its own User-Agent); null when stopped meanwhile. */
  private async post(event: StoredEvent, kind: Kind): Promise<DeliveryAttempt | null> {
    const timeoutMs = this.deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    const date = nowIso();
    const extra = kind === 'duplicate' ? { duplicate: true as const } : kind ? { manual: true as const } : {};
    try {
      const response = await fetch(this.deps.endpoint(event.app_id), {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': await signatureHeader(event.payload, WEBHOOK_SECRET),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          accept: '*/*; q=0.5, application/xml',
        },
        body: event.payload,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), this.stopping.signal]),
      });
      // The provider's dashboard shows each delivery's answer: kept, shortened, whether it was a 2xx or not.
      const text = (await response.text()).slice(0, 300);
      const answer = response.ok ? { ok: true, response: text } : { ok: false, error: text };
      return { date, status: response.status, ...answer, ...extra };
    } catch (error) {
      if (this.stopping.signal.aborted) return null;
      return { date, status: null, ok: false, error: failureReason(error, timeoutMs), ...extra };
    }
  }
}
