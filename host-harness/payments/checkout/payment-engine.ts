/**
 * The stand-in's engine: the account's settings and prices, its clock, and `apply`, the one way a session changes:
 * the action's events are stored in the same transaction, then those the endpoint is sent are delivered, shuffled.
 */
import { type AccountSettings, patchedSettings } from '../account/account-settings.ts';
import { type DashboardPrice, DashboardPrices } from '../account/dashboard-prices.ts';
import { DeliveryOrder } from '../webhooks/delivery-order.ts';
import { RENDERED_VERSIONS } from '../webhooks/event-versions.ts';
import { buildEvent } from '../webhooks/provider-event.ts';
import type { NewEvent, ProviderEventStore } from '../webhooks/provider-event-store.ts';
import type { RetrySchedule } from '../webhooks/retry-schedule.ts';
import { WebhookDispatcher } from '../webhooks/webhook-dispatcher.ts';
import { type Change, expireIfDue } from './checkout-completion.ts';
import type { CheckoutRecord, CheckoutSessionStore } from './checkout-session-store.ts';

/** The double's stores, and the account a new session belongs to (it has one). */
export interface PaymentState {
  appId: string;
  checkoutSessions: CheckoutSessionStore;
  providerEvents: ProviderEventStore;
}

/** What the double's routes and pages use; `ownUrl` is the origin its hosted page is named on. */
export interface PaymentsContext {
  state: PaymentState;
  payments: PaymentDouble;
  ownUrl(): string;
  quiet: boolean;
}

export interface PaymentEngineOptions {
  /** Where events are delivered (the webhook endpoint's URL). */
  endpoint(appId: string): string;
  retry: RetrySchedule;
  quiet: boolean;
  /** The account's settings and dashboard prices, at start and after each reset. */
  settings: AccountSettings;
  prices: Readonly<Record<string, DashboardPrice>>;
  /** Seed of the order events are delivered in (and of which twice); null: random. */
  eventOrderSeed: number | null;
  duplicateDeliveries: boolean;
  /** Origins `success_url` and `cancel_url` may name: the site's (and its loopback aliases). */
  returnOrigins: readonly string[];
  /** The wall clock (ms); the engine's "now" is this, moved on by the control API. */
  clock?: () => number;
}

export class PaymentDouble {
  readonly dispatcher: WebhookDispatcher;
  readonly returnOrigins: readonly string[];
  private readonly order = new DeliveryOrder();
  prices!: DashboardPrices;
  duplicateDeliveries!: boolean;
  private account!: AccountSettings;
  private offsetS = 0;
  constructor(
    private readonly state: PaymentState,
    private readonly options: PaymentEngineOptions,
  ) {
    const { retry: schedule, endpoint, quiet } = options;
    this.dispatcher = new WebhookDispatcher({ events: state.providerEvents, endpoint, schedule, quiet });
    this.returnOrigins = options.returnOrigins;
    this.reset();
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
    return this.account;
  }
  /** Changes the settings (the control API's body); throws a `SettingsError` naming what is wrong. */
  updateSettings(patch: unknown): AccountSettings {
    this.account = patchedSettings(this.account, patch, RENDERED_VERSIONS);
    return this.account;
  }
  /** Replaces the dashboard's prices (the control API's `prices`). */
  setPrices(prices: Readonly<Record<string, DashboardPrice>>): void {
    this.prices = new DashboardPrices(prices);
  }
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
    const { webhookEndpoint, defaultApiVersion } = this.account;
    const enabled = new Set(webhookEndpoint.enabledEvents);
    const record = this.state.checkoutSessions.update(sessionId, (current) => {
      const change = action(current, nowS);
      if (!change) return null;
      stored = change.events.map((spec) => {
        const { id, type, createdS, payload } = buildEvent(
          spec,
          webhookEndpoint.apiVersion ?? defaultApiVersion,
        );
        const sent = enabled.has(type) || enabled.has('*');
        return {
          id,
          app_id: current.app_id,
          session_id: sessionId,
          type,
          created_s: createdS,
          payload,
          sent,
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
  /** The session, expired first if its time has come. */
  async current(sessionId: string): Promise<CheckoutRecord | undefined> {
    return (await this.apply(sessionId, expireIfDue))?.record;
  }
  resend(eventId: string) {
    return this.dispatcher.resend(eventId);
  }
  reset(): void {
    this.dispatcher.clear();
    this.account = structuredClone(this.options.settings) as AccountSettings;
    this.setPrices(this.options.prices);
    this.order.reseed(this.options.eventOrderSeed);
    this.duplicateDeliveries = this.options.duplicateDeliveries;
    this.offsetS = 0;
  }
}
