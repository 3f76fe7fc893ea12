/**
 * The parameter names the double takes for `POST /v1/checkout/sessions` are those the pinned SDK declares
 * (`stripe` 23.1.0, `Checkout.SessionCreateParams` and its nested params), read here from the SDK's own declarations;
 * and `payment_method_types` left the API at `2026-09-30.endive`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  LINE_ITEM_PARAMETERS,
  PAYMENT_METHOD_TYPES_REMOVED_IN,
  PRICE_DATA_PARAMETERS,
  PRODUCT_DATA_PARAMETERS,
  RECURRING_PARAMETERS,
  SESSION_PARAMETERS,
  SUBSCRIPTION_DATA_PARAMETERS,
  versionDate,
} from '../../../../host-harness/payments/api/session-create-params.ts';

const SDK = new URL('../../../../node_modules/stripe', import.meta.url);

/** The property names of `interface <path.at(-1)>` inside `namespace <path[0]> { namespace … }` of the SDK's types. */
function sdkKeys(...names: string[]): string[] {
  const lines = readFileSync(new URL('esm/resources/Checkout/Sessions.d.ts', SDK), 'utf8').split('\n');
  let i = 0;
  names.forEach((name, level) => {
    const pad = ' '.repeat(4 * (level + 1));
    const opening = `${pad}${level === names.length - 1 ? 'interface' : 'namespace'} ${name} {`;
    i = lines.indexOf(opening, i);
    if (i < 0) throw new Error(`the SDK has no ${opening.trim()}`);
  });
  const end = `${' '.repeat(4 * names.length)}}`;
  const key = new RegExp(`^ {${4 * names.length + 4}}(\\w+)\\??:`);
  const keys: string[] = [];
  for (i++; lines[i] !== end; i++) {
    const match = key.exec(lines[i]!);
    if (match) keys.push(match[1]!);
  }
  return keys;
}

describe('the parameter names of a Checkout Session', () => {
  it("are the pinned SDK's, at every level the double reads", () => {
    expect(JSON.parse(readFileSync(new URL('package.json', SDK), 'utf8')).version).toBe('23.1.0');
    expect(SESSION_PARAMETERS).toStrictEqual(sdkKeys('SessionCreateParams'));
    expect(SUBSCRIPTION_DATA_PARAMETERS).toStrictEqual(sdkKeys('SessionCreateParams', 'SubscriptionData'));
    expect(LINE_ITEM_PARAMETERS).toStrictEqual(sdkKeys('SessionCreateParams', 'LineItem'));
    expect(PRICE_DATA_PARAMETERS).toStrictEqual(sdkKeys('SessionCreateParams', 'LineItem', 'PriceData'));
    expect(PRODUCT_DATA_PARAMETERS).toStrictEqual(
      sdkKeys('SessionCreateParams', 'LineItem', 'PriceData', 'ProductData'),
    );
    expect(RECURRING_PARAMETERS).toStrictEqual(
      sdkKeys('SessionCreateParams', 'LineItem', 'PriceData', 'Recurring'),
    );
  });

  it('lost payment_method_types at 2026-09-30.endive; versions order by their date', () => {
    expect(PAYMENT_METHOD_TYPES_REMOVED_IN).toBe('2026-09-30.endive');
    expect(versionDate('2026-09-30.endive')).toBe('2026-09-30');
    expect(versionDate('2025-02-24.acacia')).toBe('2025-02-24');
  });
});
