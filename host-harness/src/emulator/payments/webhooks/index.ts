/** The provider's events: built and rendered for the endpoint, stored before delivery, delivered and retried, signed. */
export { DeliveryOrder, seededRandom, shuffled } from './delivery-order.ts';
export { signatureHeader } from './event-signature.ts';
export { ACACIA, RENDERED_VERSIONS, renderObject } from './event-versions.ts';
export { type BuiltEvent, buildEvent, type EventSpec, type ProviderEventType } from './provider-event.ts';
export {
  type DeliveryAttempt,
  type DeliveryState,
  type NewEvent,
  PROVIDER_EVENT_TABLES,
  ProviderEventStore,
  type StoredEvent,
} from './provider-event-store.ts';
export {
  DEFAULT_RETRY_SCHEDULE,
  RETRY_ENV,
  RETRY_MODE_ENV,
  type RetrySchedule,
  retryDelayMs,
  retryScheduleFromEnv,
  TEST_MODE_RETRY_SCHEDULE,
} from './retry-schedule.ts';
export {
  type DispatcherDeps,
  failureReason,
  stateAfter,
  WebhookDispatcher,
} from './webhook-dispatcher.ts';
