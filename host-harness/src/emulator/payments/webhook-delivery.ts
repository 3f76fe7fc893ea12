import type { EmulatorContext } from '../context.ts';
import { nowIso } from '../ids.ts';
import type { WebhookAttempt } from '../state/order-store.ts';
import { WEBHOOK_FUNCTION, WEBHOOK_SECRET, WEBHOOK_TIMEOUT_MS } from './provider-config.ts';
import { signatureHeader } from './webhook-event.ts';

/** Attempts kept per session: enough to see a pattern, never an unbounded record. */
const MAX_ATTEMPTS_KEPT = 20;

function reason(error: unknown, timeoutMs: number): string {
  const err = error as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  return (err.cause?.code ?? err.cause?.message ?? err.message ?? String(error)).slice(0, 300);
}

/** POSTs a signed event once, the way the provider does (no platform token; its own User-Agent). */
async function postEvent(
  url: string,
  payload: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<WebhookAttempt> {
  const date = nowIso();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signatureHeader(payload, WEBHOOK_SECRET),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        accept: '*/*; q=0.5, application/xml',
      },
      body: payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return response.ok
      ? { date, status: response.status, ok: true }
      : { date, status: response.status, ok: false, error: text.slice(0, 300) };
  } catch (error) {
    return { date, status: null, ok: false, error: reason(error, timeoutMs) };
  }
}

/**
 * Delivers a paid session's event to the webhook function through the emulator's own function route (so the
 * platform's forwarding runs as for any caller, faults included) and records the attempt on the session.
 * Null when the session has no event (not paid).
 */
export async function deliverWebhook(
  ctx: EmulatorContext,
  sessionId: string,
): Promise<WebhookAttempt | null> {
  const record = ctx.state.orders.get(sessionId);
  if (!record?.webhook) return null;
  const url = `${ctx.ownUrl()}/api/apps/${encodeURIComponent(record.app_id)}/functions/${WEBHOOK_FUNCTION}`;
  const attempt = await postEvent(url, record.webhook.payload);
  ctx.state.orders.update(sessionId, (current) =>
    current.webhook
      ? {
          ...current,
          webhook: {
            ...current.webhook,
            attempts: [...current.webhook.attempts, attempt].slice(-MAX_ATTEMPTS_KEPT),
          },
        }
      : null,
  );
  if (!attempt.ok && !ctx.quiet)
    console.error(
      `payment double: webhook ${record.webhook.event_id} for ${sessionId} failed: ${attempt.status ?? 'no answer'} ${attempt.error ?? ''}`,
    );
  return attempt;
}
