import { Lock } from 'lucide';
import type { ReactNode } from 'react';
import { Icon } from '../../components/icon.tsx';
import { checkoutButtonText } from '../../content/checkout.ts';

interface PackageCardProps {
  /** Name, prices and terms (`PackageOffer`). */
  offer: ReactNode;
  checkoutButton: ReactNode;
  /** The feature list (`PackageFeatures`). */
  features: ReactNode;
}

/** The one package: name, the two prices, its terms, the checkout button and the feature list. */
export function PackageCard({ offer, checkoutButton, features }: PackageCardProps) {
  return (
    <section
      aria-labelledby="package-title"
      data-testid="package"
      className="mx-auto grid max-w-5xl overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-lg lg:grid-cols-[1fr_1.1fr]"
    >
      <div className="relative bg-linear-to-b from-brand-50 to-white p-6 sm:p-10">
        {offer}
        <div className="mt-8">{checkoutButton}</div>
        <p className="mt-4 flex items-start gap-2 text-sm text-slate-600">
          <Icon icon={Lock} className="mt-0.5 size-4 shrink-0" />
          {checkoutButtonText.securePayment}
        </p>
      </div>
      <div className="border-t border-slate-200 p-6 sm:p-10 lg:border-t-0 lg:border-l">{features}</div>
    </section>
  );
}
