/**
 * The stand-in's engine: the account's settings and dashboard prices, its clock, and the one way a session
 * changes: `apply` runs an action on a stored session and stores the events it produces in the same
 * transaction (an event exists before its first delivery, whatever happens next), rendered in the endpoint's
 * API version, then delivers those the endpoint is sent, shuffled (webhooks/delivery-order.ts).
 */
import { type AccountSettings, patchedSettings } from '../account/account-settings.ts';
import { type DashboardPrice, DashboardPrices } from '../account/dashboard-prices.ts';
import { DeliveryOrder } from '../webhooks/delivery-order.ts';
import { RENDERED_VERSIONS } from '../webhooks/event-versions.ts';
import { buildEvent } from '../webhooks/provider-event.ts';
import type { NewEvent } from '../webhooks/provider-event-store.ts';
import type { RetrySchedule } from '../webhooks/retry-schedule.ts';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher.ts';
import { type Change, expireIfDue } from './checkout-completion.ts';
import type { CheckoutRecord } from './checkout-session-store.ts';
import type { PaymentState } from './payments-context.ts';

export interface PaymentEngineOptions {
  /** Where events are delivered (the webhook endpoint's URL). */
  endpoint(appId: string): string;
  retry: RetrySchedule;
  quiet: boolean;
  /** The account's settings at start and after each reset (its dashboard). */
  settings: AccountSettings;
  /** Prices in the dashboard, by id, at start and after each reset. */
  prices: Readonly<Record<string, DashboardPrice>>;
  /** Seed of the order events are delivered in (and of which are delivered twice); null: random. */
  eventOrderSeed: number | null;
  /** Whether some events are delivered twice, as the provider may. */
  duplicateDeliveries: boolean;
  /** Origins `success_url` and `cancel_url` may name: the site's (and its loopback aliases). */
  returnOrigins: readonly string[];
  /** The wall clock (ms); the engine's "now" is this, moved on by the control API. */
  clock?: () => number;
}

export class PaymentDouble {
  readonly dispatcher: WebhookDispatcher;
  readonly returnOrigins: readonly string[];
  prices: DashboardPrices;
  private readonly order: DeliveryOrder;
  private current_: AccountSettings;
  private offsetS = 0;
  duplicateDeliveries: boolean;
  constructor(
    private readonly state: PaymentState,
    private readonly options: PaymentEngineOptions,
  ) {
    this.dispatcher = new WebhookDispatcher({
      events: state.providerEvents,
      endpoint: options.endpoint,
      schedule: options.retry,
      quiet: options.quiet,
    });
    this.prices = new DashboardPrices(options.prices);
    this.returnOrigins = options.returnOrigins;
    this.order = new DeliveryOrder(options.eventOrderSeed);
    this.current_ = structuredClone(options.settings) as AccountSettings;
    this.duplicateDeliveries = options.duplicateDeliveries;
  }
  now(): number {
    return Math.floor((this.options.clock ?? Date.now)() / 1000) + this.offsetS;
  }
  /** Moves the double's clock on by `seconds` (tests: a session's expiry). */
  advanceTime(seconds: number): number {
    this.offsetS += seconds;
    return this.now();
  }
  settings(): AccountSettings {
    return this.current_;
  }
  /** Changes the settings (the control API's body); throws a `SettingsError` naming what is wrong. */
  updateSettings(patch: unknown): AccountSettings {
    this.current_ = patchedSettings(this.current_, patch, RENDERED_VERSIONS);
    return this.current_;
  }
  /** Replaces the dashboard's prices (the control API's `prices`). */
  setPrices(prices: Readonly<Record<string, DashboardPrice>>): void {
    this.prices = new DashboardPrices(prices);
  }
  /** Restarts the delivery order from `seed` (null: random). */
  reseedEventOrder(seed: number | null): void {
    this.order.reseed(seed);
  }
  get eventOrderSeed(): number | null {
    return this.order.currentSeed;
  }
  async apply(
    sessionId: string,
    action: (record: CheckoutRecord, nowS: number) => Change | null,
  ): Promise<{ record: CheckoutRecord; eventIds: string[] } | undefined> {
    let stored: NewEvent[] = [];
    const nowS = this.now();
    const settings = this.current_;
    const version = settings.webhookEndpoint.apiVersion ?? settings.defaultApiVersion;
    const enabled = new Set(settings.webhookEndpoint.enabledEvents);
    const record = this.state.checkoutSessions.update(sessionId, (current) => {
      const change = action(current, nowS);
      if (!change) return null;
      stored = change.events.map((spec) => {
        const built = buildEvent(spec, version);
        return {
          id: built.id,
          app_id: current.app_id,
          session_id: sessionId,
          type: built.type,
          created_s: built.createdS,
          payload: built.payload,
          sent: enabled.has(built.type) || enabled.has('*'),
        };
      });
      this.state.providerEvents.insert(stored, Date.now());
      return change.record;
    });
    if (!record) return undefined;
    const sent = stored.filter((event) => event.sent).map((event) => event.id);
    await this.dispatcher.publish(this.order.plan(sent, this.duplicateDeliveries));
    return { record, eventIds: stored.map((event) => event.id) };
  }
  async current(sessionId: string): Promise<CheckoutRecord | undefined> {
    // expireIfDue leaves a session that is not open, or whose time has not come, unchanged.
    return (await this.apply(sessionId, expireIfDue))?.record;
  }
  resend(eventId: string) {
    return this.dispatcher.resend(eventId);
  }
  reset(): void {
    this.dispatcher.clear();
    this.current_ = structuredClone(this.options.settings) as AccountSettings;
    this.prices = new DashboardPrices(this.options.prices);
    this.order.reseed(this.options.eventOrderSeed);
    this.duplicateDeliveries = this.options.duplicateDeliveries;
    this.offsetS = 0;
  }
}
