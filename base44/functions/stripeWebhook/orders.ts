/**
 * The `Order` records through the platform's service role, and one queue per subscription: two deliveries for the
 * same purchase in this process run one after the other, so neither writes over what the other decided. (Across
 * processes the platform offers no unique key; the window is the moment between a lookup and a create, and the oldest
 * record of a subscription is the one kept up to date.)
 */
import type { createClientFromRequest } from 'npm:@base44/sdk@0.8.50';
import type { OrderFields, StoredOrder } from './order-record.ts';

export type ServiceRole = ReturnType<typeof createClientFromRequest>['asServiceRole'];

export interface OrderEmail {
  to: string;
  subject: string;
  body: string;
}

const queues = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier run for `key` has ended. */
export function serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  // The last run of a key drops its entry, so that a long-lived process keeps none for purchases long done; an earlier
  // run leaves the newer entry alone (dropping it would let a third run overtake the second).
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

/** How many keys have a run queued or running: the entries `serialized` holds. */
export function queuedKeys(): number {
  return queues.size;
}

/** Only the fields of `patch` whose values differ from the order's. */
export function changedFields(order: OrderFields, patch: Partial<OrderFields>): Partial<OrderFields> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (JSON.stringify(order[key as keyof OrderFields]) !== JSON.stringify(value)) changed[key] = value;
  }
  return changed as Partial<OrderFields>;
}

export class Orders {
  constructor(private readonly serviceRole: ServiceRole) {}

  // The SDK's entities object answers any name (a proxy); the index type just cannot say so.
  private get entity() {
    return this.serviceRole.entities.Order!;
  }

  /** The subscription's order (the oldest, should two processes have created one each). */
  async bySubscription(subscriptionId: string): Promise<StoredOrder | undefined> {
    const found: StoredOrder[] = await this.entity.filter(
      { subscription_id: subscriptionId },
      'created_date',
    );
    return found[0];
  }

  async create(fields: OrderFields): Promise<StoredOrder> {
    return (await this.entity.create(fields)) as StoredOrder;
  }

  /** Writes what changed; the order as it now is. */
  async update(order: StoredOrder, patch: Partial<OrderFields>): Promise<StoredOrder> {
    const changed = changedFields(order, patch);
    if (Object.keys(changed).length === 0) return order;
    await this.entity.update(order.id, changed);
    return { ...order, ...changed };
  }

  /**
   * Sends an e-mail at most once for `flag`: sent before it is marked, so a failure in between means a second e-mail
   * on redelivery rather than none at all.
   */
  async notifyOnce(
    order: StoredOrder,
    marked: Partial<OrderFields>,
    email: OrderEmail,
  ): Promise<StoredOrder> {
    if (Object.keys(changedFields(order, marked)).length === 0) return order;
    await this.serviceRole.integrations.Core.SendEmail(email);
    return this.update(order, marked);
  }
}
