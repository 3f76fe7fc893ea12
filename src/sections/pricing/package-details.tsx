import { CircleCheck } from 'lucide';
import { Icon } from '../../components/icon.tsx';
import { pricing } from '../../content/pricing.ts';

/** The package's name, the two prices, when the first monthly one is taken, and its terms (a static region of the package card). */
export function PackageOffer() {
  return (
    <>
      <p className="w-fit rounded-full bg-accent-100 px-3 py-1 text-sm font-semibold text-accent-900">
        {pricing.name}
      </p>
      <h2 id="package-title" className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
        {pricing.tagline}
      </h2>
      <div className="mt-8 space-y-3">
        <p className="flex flex-wrap items-baseline gap-x-3" data-testid="price-setup">
          <span className="text-5xl font-bold tracking-tight text-slate-900">{pricing.setup.amount}</span>{' '}
          <span className="text-lg text-slate-600">{pricing.setup.label}</span>
        </p>
        <p className="flex flex-wrap items-baseline gap-x-3" data-testid="price-monthly">
          <span className="text-3xl font-bold tracking-tight text-brand-700">+ {pricing.monthly.amount}</span>{' '}
          <span className="text-lg text-slate-600">{pricing.monthly.label}</span>
        </p>
        <p className="text-base text-slate-600" data-testid="price-first-payment">
          {pricing.firstPayment}
        </p>
      </div>
      <ul className="mt-8 space-y-2 text-base text-slate-700">
        {pricing.terms.map((term) => (
          <li key={term} className="flex items-center gap-3">
            <Icon icon={CircleCheck} className="size-5 shrink-0 text-emerald-600" />
            {term}
          </li>
        ))}
      </ul>
    </>
  );
}

/** What the package includes (a static region of the package card). */
export function PackageFeatures() {
  return (
    <>
      <h3 className="text-lg font-semibold text-slate-900">{pricing.featuresTitle}</h3>
      <ul className="mt-6 space-y-4" data-testid="features">
        {pricing.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-base text-slate-700">
            <span className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-brand-600 text-white">
              <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5" fill="none">
                <path
                  d="M3.5 8.5l3 3 6-7"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
            {feature}
          </li>
        ))}
      </ul>
    </>
  );
}
