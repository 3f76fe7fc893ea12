import { nowSeconds } from '../../core/ids.ts';
import { IdempotencyCache } from '../api/idempotency-cache.ts';
import { buildEvent } from '../webhooks/provider-event.ts';
import type { NewEvent, ProviderEventStore } from '../webhooks/provider-event-store.ts';
import type { RetrySchedule } from '../webhooks/retry-schedule.ts';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher.ts';
import type { Change } from './checkout-completion.ts';
import type { CheckoutRecord, CheckoutSessionStore } from './checkout-session-store.ts';

/** The double's stores: its checkout sessions (with what followed each) and its events. */
export interface PaymentStores {
  checkoutSessions: CheckoutSessionStore;
  providerEvents: ProviderEventStore;
}

export interface PaymentDoubleOptions {
  /** Where an app's events are delivered (its webhook function's route). */
  endpoint(appId: string): string;
  retry: RetrySchedule;
  quiet: boolean;
}

/**
 * The payment-provider double's machinery around the database (sessions in `state.checkoutSessions`, events in
 * `state.providerEvents`): idempotency keys, and the dispatcher that delivers and redelivers events.
 */
export class PaymentDouble {
  readonly idempotency = new IdempotencyCache();
  readonly dispatcher: WebhookDispatcher;

  constructor(
    private readonly state: PaymentStores,
    options: PaymentDoubleOptions,
  ) {
    this.dispatcher = new WebhookDispatcher({
      events: state.providerEvents,
      endpoint: options.endpoint,
      schedule: options.retry,
      quiet: options.quiet,
    });
  }

  /**
   * Applies an action to a session and stores the events it produces in the same transaction (so an event exists
   * before its first delivery, whatever happens next), then delivers them; resolves once each first attempt ended.
   * `action` returns null to change nothing; what it throws leaves everything as it was.
   */
  async apply(
    sessionId: string,
    action: (record: CheckoutRecord) => Change | null,
  ): Promise<{ record: CheckoutRecord; eventIds: string[] } | undefined> {
    let stored: NewEvent[] = [];
    const record = this.state.checkoutSessions.update(sessionId, (current) => {
      const change = action(current);
      if (!change) return null;
      const createdS = change.record.clock_s ?? nowSeconds();
      stored = change.events.map((spec) => {
        const built = buildEvent(spec, current.api_version, createdS);
        return {
          id: built.id,
          app_id: current.app_id,
          session_id: sessionId,
          type: built.type,
          created_s: createdS,
          payload: built.payload,
        };
      });
      this.state.providerEvents.insert(stored, Date.now());
      return change.record;
    });
    if (!record) return undefined;
    const eventIds = stored.map((event) => event.id);
    await this.dispatcher.publish(eventIds);
    return { record, eventIds };
  }

  reset(): void {
    this.idempotency.clear();
    this.dispatcher.clear();
  }
}
