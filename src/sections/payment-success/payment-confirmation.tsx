import { CircleCheck, Mail } from 'lucide';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { ButtonLink } from '../../components/button-link.tsx';
import { Icon } from '../../components/icon.tsx';
import { brand, emailHref } from '../../content/brand.ts';
import { orderReferenceFrom, paymentSuccess } from '../../content/payment-success.ts';
import { paths } from '../../shared/navigation/paths.ts';

/**
 * The order reference, read after mounting: prerendered HTML has no query string, so the first client render must
 * match it (a placeholder of the same size), and the reference replaces it without shifting the layout.
 */
function useOrderReference(): { ready: boolean; reference: string | null } {
  const search = useSearch();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return { ready, reference: ready ? orderReferenceFrom(search) : null };
}

/**
 * PaymentSuccess (docs/requirements.md, "Screens and routes"): confirmation, order reference, the 24-hour promise, Back
 * to Home and the e-mail link.
 */
export function PaymentConfirmation() {
  const { ready, reference } = useOrderReference();
  return (
    <section
      aria-labelledby="payment-title"
      className="bg-linear-to-b from-emerald-50 via-white to-white pt-32 pb-16 sm:pt-40 sm:pb-24"
    >
      <div className="mx-auto max-w-xl px-4 text-center sm:px-6">
        <span className="mx-auto grid size-16 place-items-center rounded-full bg-emerald-100 text-emerald-700 ring-8 ring-emerald-50">
          <Icon icon={CircleCheck} className="size-8" />
        </span>
        <p className="mt-6 text-sm font-semibold tracking-wide text-emerald-800 uppercase">
          {paymentSuccess.eyebrow}
        </p>
        <h1 id="payment-title" className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          {paymentSuccess.title}
        </h1>
        <p className="mt-5 text-lg text-slate-600">{paymentSuccess.intro}</p>

        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-md">
          <p className="text-sm font-medium text-slate-600">{paymentSuccess.referenceLabel}</p>
          <div className="mt-1 min-h-14" data-testid="order-reference-slot">
            {!ready ? null : reference ? (
              <p
                data-testid="order-reference"
                className="font-mono text-2xl font-semibold tracking-wider break-all text-slate-900"
              >
                {reference}
              </p>
            ) : (
              <p data-testid="order-reference-fallback" className="text-sm text-slate-700">
                {paymentSuccess.referenceFallback}
              </p>
            )}
          </div>
          <p className="mt-5 border-t border-slate-100 pt-5 text-base font-medium text-slate-800">
            {paymentSuccess.promise}
          </p>
        </div>

        <div className="mt-8 flex flex-col items-center gap-5">
          <ButtonLink href={paths.Index} className="w-full sm:w-auto">
            {paymentSuccess.backHome}
          </ButtonLink>
          <p className="text-base text-slate-600">
            {paymentSuccess.questions}{' '}
            <a
              href={emailHref}
              className="inline-flex min-h-11 items-center gap-1.5 font-semibold break-all text-brand-700 underline-offset-4 hover:underline"
            >
              <Icon icon={Mail} className="size-4 shrink-0" />
              {brand.email}
            </a>
          </p>
        </div>
      </div>
    </section>
  );
}
