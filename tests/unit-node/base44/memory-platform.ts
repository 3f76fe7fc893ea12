/**
 * The platform's `Order` entity and `Core.SendEmail` in memory, behind the service-role client the webhook's `Orders`
 * uses (only the calls it makes): stored records come back as copies, as they would over the wire, and every call
 * waits a turn of the event loop, so that deliveries running together interleave as they do against the platform.
 * Like the Deno suite's platform double (tests/deno/helpers/platform-double.ts), without a server.
 */

import type { OrderFields, StoredOrder } from '../../../base44/functions/stripeWebhook/order-record.ts';
import { type OrderEmail, Orders, type ServiceRole } from '../../../base44/functions/stripeWebhook/orders.ts';

export interface MemoryPlatform {
  /** The service role the webhook is given (`createClientFromRequest(req).asServiceRole` on the platform). */
  serviceRole: ServiceRole;
  /** The webhook's access to the platform. */
  orders: Orders;
  /** The `Order` records as stored. */
  stored: StoredOrder[];
  /** The e-mails sent, in order. */
  emails: OrderEmail[];
  /** How many creates and updates reached the store. */
  writes: number;
  /** The next this-many SendEmail calls fail, as the platform's mail service can. */
  failSendEmail: number;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const copy = <T>(value: T): T => structuredClone(value);

export function memoryPlatform(stored: StoredOrder[] = []): MemoryPlatform {
  const platform: Omit<MemoryPlatform, 'orders' | 'serviceRole'> = {
    stored,
    emails: [],
    writes: 0,
    failSendEmail: 0,
  };
  const Order = {
    async filter(query: Partial<OrderFields>, sort?: string): Promise<StoredOrder[]> {
      await turn();
      const matches = (order: StoredOrder) =>
        Object.entries(query).every(([key, value]) => order[key as keyof OrderFields] === value);
      const found = platform.stored.filter(matches);
      // The platform sorts by a field, `-` for descending; records without it keep their order.
      if (sort) {
        const field = sort.replace(/^-/, '');
        const sign = sort.startsWith('-') ? -1 : 1;
        const value = (order: StoredOrder) =>
          String((order as unknown as Record<string, unknown>)[field] ?? '');
        found.sort((a, b) => sign * value(a).localeCompare(value(b)));
      }
      return copy(found);
    },
    async create(fields: OrderFields): Promise<StoredOrder> {
      await turn();
      const order = {
        ...copy(fields),
        id: `order_${platform.stored.length + 1}`,
        created_date: new Date(Date.UTC(2027, 0, 31, 10, 0, platform.stored.length)).toISOString(),
      };
      platform.stored.push(order);
      platform.writes++;
      return copy(order);
    },
    async update(id: string, changes: Partial<OrderFields>): Promise<StoredOrder> {
      await turn();
      const order = platform.stored.find((candidate) => candidate.id === id);
      if (!order) throw Object.assign(new Error('Not found'), { status: 404 });
      Object.assign(order, copy(changes));
      platform.writes++;
      return copy(order);
    },
  };
  const sendEmail = async (email: OrderEmail) => {
    await turn();
    if (platform.failSendEmail > 0) {
      platform.failSendEmail--;
      throw Object.assign(new Error('Mail service unavailable'), { status: 500 });
    }
    platform.emails.push(copy(email));
    return { success: true };
  };
  // The SDK's client has many more modules; `Orders` reaches only these.
  const serviceRole = {
    entities: { Order },
    integrations: { Core: { SendEmail: sendEmail } },
  } as unknown as ServiceRole;
  return Object.assign(platform, { serviceRole, orders: new Orders(serviceRole) });
}
