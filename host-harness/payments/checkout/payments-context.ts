/**
 * What the double's routes and pages use: its stores, and the engine that applies an action to a session and sends
 * the events it produces (payment-double.ts at the top of the feature is the one engine; routes see only this).
 */
import type { AccountSettings } from '../account/account-settings.ts';
import type { DashboardPrice, DashboardPrices } from '../account/dashboard-prices.ts';
import type { DeliveryAttempt, ProviderEventStore } from '../webhooks/provider-event-store.ts';
import type { Change } from './checkout-completion.ts';
import type { CheckoutRecord, CheckoutSessionStore } from './checkout-session-store.ts';

/** The double's stores, and the app a new session belongs to (the seeded app: the provider's account has one). */
export interface PaymentState {
  appId: string;
  checkoutSessions: CheckoutSessionStore;
  providerEvents: ProviderEventStore;
}

export interface PaymentsEngine {
  /** The double's "now" (Unix seconds): the wall clock, moved on by the control API (`POST /__harness/payments/time`). */
  now(): number;
  settings(): AccountSettings;
  readonly prices: DashboardPrices;
  /** Replaces the dashboard's prices. */
  setPrices(prices: Readonly<Record<string, DashboardPrice>>): void;
  /**
   * The origins a session may send its buyer back to (`success_url`, `cancel_url`): the site the harness serves. The
   * provider takes any URL; the harness is stricter on purpose (RULES.md).
   */
  readonly returnOrigins: readonly string[];
  /**
   * Applies an action to a session, storing the events it produces in the same transaction, then delivers those the
   * endpoint is sent, in a shuffled order; resolves once each first attempt ended. `action` returns null to change
   * nothing; what it throws leaves everything as it was.
   */
  apply(
    sessionId: string,
    action: (record: CheckoutRecord, nowS: number) => Change | null,
  ): Promise<{ record: CheckoutRecord; eventIds: string[] } | undefined>;
  /** The session, expired first (and its event sent) if its `expires_at` has passed. */
  current(sessionId: string): Promise<CheckoutRecord | undefined>;
  /** Sends an event again by hand, as the dashboard's "Resend" does. */
  resend(eventId: string): Promise<DeliveryAttempt | null>;
  /** Changes the account's settings (the control API's body); throws a `SettingsError` naming what is wrong. */
  updateSettings(patch: unknown): AccountSettings;
  /** Restarts the order events are delivered in from `seed` (null: random). */
  reseedEventOrder(seed: number | null): void;
  readonly eventOrderSeed: number | null;
  /** Moves the double's clock on by `seconds`; the new "now". */
  advanceTime(seconds: number): number;
}

export interface PaymentsContext {
  state: PaymentState;
  payments: PaymentsEngine;
  /** The address the emulator listens on: the hosted page's address in a new session. */
  ownUrl(): string;
  quiet: boolean;
}
