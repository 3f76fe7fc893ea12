/**
 * What the site sells, written once: each package's name, its one-time setup and monthly fee in pence (the payment
 * provider's minor units), its currency and billing interval. createCheckout asks the provider for these amounts (and
 * ends the trial one billing interval after the purchase, when the first monthly fee is taken), the webhook recognises
 * this site's purchases by them, the agency's e-mails state them, and the site's texts are written from them.
 */
export const CURRENCY = 'gbp';

export const PACKAGES = {
  gold: {
    label: 'Gold',
    setup: { name: 'Gold package: one-time setup', amount: 79_900 },
    monthly: { name: 'Gold package: monthly', amount: 19_900, interval: 'month', intervalCount: 1 },
  },
} as const;

export type PackageName = keyof typeof PACKAGES;
export type Package = (typeof PACKAGES)[PackageName];

export const PACKAGE_NAMES = Object.keys(PACKAGES) as PackageName[];

export function isPackageName(value: unknown): value is PackageName {
  return typeof value === 'string' && Object.hasOwn(PACKAGES, value);
}
