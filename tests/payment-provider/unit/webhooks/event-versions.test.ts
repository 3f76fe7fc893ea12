/**
 * Objects rendered in the webhook endpoint's API version: the SDK's version as built, and `2025-02-24.acacia` with the
 * fields `2025-03-31.basil` moved put back (an invoice's and its lines' `subscription`…, a subscription's current
 * period); any other version is refused rather than guessed.
 */
import { describe, expect, it } from 'vitest';
import {
  ACACIA,
  RENDERED_VERSIONS,
  renderObject,
} from '../../../../host-harness/payments/webhooks/event-versions.ts';
import { MONTHLY_PENCE, SETUP_PENCE } from '../../../support/spec-figures.ts';

const PINNED = '2026-10-28.endive';

const subscriptionLine = () => ({
  id: 'il_sub',
  object: 'line_item',
  amount: MONTHLY_PENCE,
  parent: {
    type: 'subscription_item_details',
    invoice_item_details: null,
    subscription_item_details: {
      invoice_item: null,
      proration: true,
      proration_details: { credited_items: { invoice: 'in_old', invoice_line_items: ['il_old'] } },
      subscription: 'sub_1',
      subscription_item: 'si_1',
    },
  },
});

const invoiceItemLine = () => ({
  id: 'il_item',
  object: 'line_item',
  amount: SETUP_PENCE,
  parent: {
    type: 'invoice_item_details',
    invoice_item_details: {
      invoice_item: 'ii_1',
      proration: true,
      proration_details: { credited_items: null },
      subscription: 'sub_1',
    },
    subscription_item_details: null,
  },
});

const invoice = (lines: unknown) => ({
  id: 'in_1',
  object: 'invoice',
  amount_due: 98_800,
  parent: {
    type: 'subscription_details',
    quote_details: null,
    subscription_details: { metadata: { package: 'gold' }, subscription: 'sub_1' },
  },
  subscription: 'sub_legacy',
  lines,
});

describe('renderObject', () => {
  it('renders two versions: the SDK pinned one, and acacia', () => {
    expect(ACACIA).toBe('2025-02-24.acacia');
    expect(RENDERED_VERSIONS).toStrictEqual([PINNED, ACACIA]);
  });

  it('gives the object itself at the pinned version, and anything not an object itself at any version', () => {
    const object = invoice({ object: 'list', data: [subscriptionLine()] });
    expect(renderObject(object, PINNED)).toBe(object);
    for (const value of [null, 'in_1', 12, [invoice(null)]]) {
      expect(renderObject(value, ACACIA)).toBe(value);
      expect(renderObject(value, '2025-03-31.basil')).toBe(value);
    }
  });

  it('refuses an object in a version it does not render', () => {
    expect(() => renderObject({ object: 'checkout.session' }, '2025-03-31.basil')).toThrow(
      new Error('The double does not render events in API version 2025-03-31.basil'),
    );
  });

  it('leaves other objects alone at acacia', () => {
    const session = { id: 'cs_1', object: 'checkout.session', subscription: 'sub_1' };
    expect(renderObject(session, ACACIA)).toBe(session);
  });

  it("puts an acacia invoice's subscription fields back from its parent, and each line's", () => {
    const { parent: _p, subscription: _s, ...unchanged } = invoice(null);
    expect(
      renderObject(
        invoice({ object: 'list', data: [subscriptionLine(), invoiceItemLine(), 'il_text'] }),
        ACACIA,
      ),
    ).toStrictEqual({
      ...unchanged,
      subscription: 'sub_1',
      subscription_details: { metadata: { package: 'gold' } },
      quote: null,
      lines: {
        object: 'list',
        data: [
          {
            id: 'il_sub',
            object: 'line_item',
            amount: MONTHLY_PENCE,
            type: 'subscription',
            subscription: 'sub_1',
            subscription_item: 'si_1',
            invoice_item: null,
            proration: true,
            proration_details: { credited_items: { invoice: 'in_old', invoice_line_items: ['il_old'] } },
          },
          {
            id: 'il_item',
            object: 'line_item',
            amount: SETUP_PENCE,
            type: 'invoiceitem',
            subscription: 'sub_1',
            subscription_item: null,
            invoice_item: 'ii_1',
            proration: true,
            proration_details: { credited_items: null },
          },
          'il_text',
        ],
      },
    });
  });

  it('gives the empty acacia values to a line and an invoice without a parent', () => {
    const rendered = renderObject(
      {
        id: 'in_2',
        object: 'invoice',
        parent: null,
        lines: { object: 'list', data: [{ id: 'il_1', parent: null }] },
      },
      ACACIA,
    );
    expect(rendered).toStrictEqual({
      id: 'in_2',
      object: 'invoice',
      subscription: null,
      subscription_details: null,
      quote: null,
      lines: {
        object: 'list',
        data: [
          {
            id: 'il_1',
            type: 'invoiceitem',
            subscription: null,
            subscription_item: null,
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
          },
        ],
      },
    });
  });

  it('keeps subscription_details without metadata as null metadata, and lines that are not a list as they are', () => {
    const noLines = {
      id: 'in_3',
      object: 'invoice',
      parent: { subscription_details: { subscription: 'sub_3' } },
    };
    expect(renderObject(noLines, ACACIA)).toStrictEqual({
      id: 'in_3',
      object: 'invoice',
      subscription: 'sub_3',
      subscription_details: { metadata: null },
      quote: null,
    });
    const odd = { id: 'in_4', object: 'invoice', parent: 'x', lines: { object: 'list', has_more: false } };
    expect(renderObject(odd, ACACIA)).toStrictEqual({
      id: 'in_4',
      object: 'invoice',
      lines: { object: 'list', has_more: false },
      subscription: null,
      subscription_details: null,
      quote: null,
    });
    const parentWithoutDetails = { id: 'in_5', object: 'invoice', parent: { type: 'quote_details' } };
    expect(renderObject(parentWithoutDetails, ACACIA)).toMatchObject({
      subscription: null,
      subscription_details: null,
    });
  });

  it("gives an acacia subscription its first item's current period", () => {
    const subscription = {
      id: 'sub_1',
      object: 'subscription',
      items: {
        object: 'list',
        data: [
          'si_text',
          { id: 'si_1', current_period_start: 1_000, current_period_end: 2_000 },
          { id: 'si_2', current_period_start: 3_000, current_period_end: 4_000 },
        ],
      },
    };
    expect(renderObject(subscription, ACACIA)).toStrictEqual({
      ...subscription,
      current_period_start: 1_000,
      current_period_end: 2_000,
    });
  });

  it('gives an acacia subscription without items, or items without periods, null periods', () => {
    const cases = [
      { id: 'sub_a', object: 'subscription' },
      { id: 'sub_b', object: 'subscription', items: 'si_1' },
      { id: 'sub_c', object: 'subscription', items: { object: 'list', data: 'si_1' } },
      { id: 'sub_d', object: 'subscription', items: { object: 'list', data: [] } },
      { id: 'sub_e', object: 'subscription', items: { object: 'list', data: [{ id: 'si_1' }] } },
    ];
    for (const subscription of cases) {
      expect(renderObject(subscription, ACACIA), subscription.id).toStrictEqual({
        ...subscription,
        current_period_start: null,
        current_period_end: null,
      });
    }
  });
});
