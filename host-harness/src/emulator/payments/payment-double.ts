import { IdempotencyCache } from './idempotency-cache.ts';

/** The payment-provider double's state outside the database; sessions live in `state.orders`. */
export class PaymentDouble {
  readonly idempotency = new IdempotencyCache();

  reset(): void {
    this.idempotency.clear();
  }
}
