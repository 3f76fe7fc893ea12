/**
 * What createCheckout sells, amounts in pence (the provider's minor units). The site advertises the same figures
 * (src/content); the provider's hosted page and the paid-order e-mail show what is charged here.
 */
export const CURRENCY = 'gbp';

export const PACKAGES = {
  gold: {
    setup: { name: 'Gold package: one-time setup', unitAmount: 79_900 },
    monthly: { name: 'Gold package: monthly', unitAmount: 19_900, interval: 'month' },
  },
} as const;

export type PackageName = keyof typeof PACKAGES;

export const PACKAGE_NAMES = Object.keys(PACKAGES) as PackageName[];

export function isPackageName(value: unknown): value is PackageName {
  return typeof value === 'string' && Object.hasOwn(PACKAGES, value);
}
