/**
 * The events the webhook endpoint must be sent are written in three places that must agree: the webhook's own list of
 * the types it handles, docs/deploy.md (what the agency subscribes the endpoint to, in the table and the curl
 * command), and the harness's account (the double's endpoint). A type added to one and not the others fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HANDLED_EVENTS } from '../../../base44/functions/stripeWebhook/event-content.ts';
import { WEBHOOK_EVENTS } from '../../../host-harness/payments/index.ts';

const deploy = readFileSync(new URL('../../../docs/deploy.md', import.meta.url), 'utf8');
const step4 = deploy.slice(deploy.indexOf("## 4. Point Stripe's webhook"), deploy.indexOf('## 5.'));

describe('the events the webhook endpoint is sent', () => {
  it('docs/deploy.md lists exactly the types the webhook handles, in its table and its command', () => {
    const table = [...step4.matchAll(/^ {2}\| `([a-z_.]+)` \|/gm)].map((m) => m[1]);
    const command = [...step4.matchAll(/enabled_events\[\]=([a-z_.]+)/g)].map((m) => m[1]);
    expect(table.sort()).toEqual([...HANDLED_EVENTS].sort());
    expect(command.sort()).toEqual([...HANDLED_EVENTS].sort());
  });

  it('the harness’s endpoint is sent the same types', () => {
    expect([...WEBHOOK_EVENTS].sort()).toEqual([...HANDLED_EVENTS].sort());
  });

  it('docs/deploy.md names the API version the functions pin for the endpoint', () => {
    expect(step4).toContain('api_version=2026-10-28.endive');
  });
});
