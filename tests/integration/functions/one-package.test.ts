/**
 * One package, one set of figures: what the site advertises (its Pricing texts), what createCheckout asks the provider
 * for (inline prices, or the dashboard's price ids the harness's account was filled with), what the provider's page
 * shows the buyer and what the agency's e-mail says all agree with the specification's figures. A change made in one
 * place only (the site's text, the function's amounts, the dashboard's prices) fails here.
 */
import { describe, expect, it } from 'vitest';
import { pricing } from '../../../src/content/pricing.ts';
import { paymentsClient } from '../../payment-provider/integration/payments-support.ts';
import {
  CURRENCY,
  MONTHLY_PENCE,
  MONTHLY_SHORT,
  MONTHLY_TEXT,
  SETUP_PENCE,
  SETUP_SHORT,
  SETUP_TEXT,
} from '../../support/spec-figures.ts';
import type { Json, Running } from '../emulator/emulator-harness.ts';
import { agencyMail, checkout, session, startDeployed } from './deployed-functions.ts';

async function buyAndRead(h: Running) {
  const answer = await checkout(h, { packageName: 'gold' });
  expect(answer.status, answer.text).toBe(200);
  const id = new URL(answer.body.url).pathname.split('/').pop()!;
  const opened = await session(h, id);
  const page = (await h.call('GET', `/__harness/pay/${id}`)).text;
  await paymentsClient(h).pay(id, { payment_method: 'card', email: 'buyer@example.co.uk' });
  const [mail] = await agencyMail(h);
  return { opened, page, mail };
}

function expectTheSpecFigures({ opened, page, mail }: Awaited<ReturnType<typeof buyAndRead>>) {
  expect(
    opened.line_items.data.map((item: Json) => [
      item.price.unit_amount,
      item.price.currency,
      item.price.recurring?.interval ?? null,
    ]),
  ).toEqual([
    [SETUP_PENCE, CURRENCY, null],
    [MONTHLY_PENCE, CURRENCY, 'month'],
  ]);
  expect(opened.amount_total).toBe(SETUP_PENCE);
  expect(page).toContain(`Due today ${SETUP_TEXT}`);
  expect(page).toContain(`then ${MONTHLY_TEXT} per month from`);
  expect(mail.subject).toContain(`${SETUP_TEXT} today`);
  expect(mail.body).toContain(`Then: ${MONTHLY_TEXT} per month from`);
}

describe('the gold package’s figures agree everywhere', () => {
  it('the site advertises the specification’s figures', () => {
    expect([pricing.setup.amount, pricing.monthly.amount]).toEqual([SETUP_SHORT, MONTHLY_SHORT]);
  });

  it('createCheckout with inline prices: the provider is asked, and the buyer and the agency shown, the same', async () => {
    const h = await startDeployed();
    try {
      expectTheSpecFigures(await buyAndRead(h));
    } finally {
      await h.close();
    }
  }, 120_000);

  it('createCheckout with the dashboard’s price ids: the same figures (the harness filled its dashboard from them)', async () => {
    const h = await startDeployed({
      functionEnv: {
        STRIPE_PRICE_SETUP: 'price_harness_gold_setup',
        STRIPE_PRICE_MONTHLY: 'price_harness_gold_monthly',
      },
    });
    try {
      const read = await buyAndRead(h);
      expect(read.opened.line_items.data.map((item: Json) => item.price.id)).toEqual([
        'price_harness_gold_setup',
        'price_harness_gold_monthly',
      ]);
      expectTheSpecFigures(read);
    } finally {
      await h.close();
    }
  }, 120_000);
});
