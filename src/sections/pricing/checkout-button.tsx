import { ArrowRight, LoaderCircle } from 'lucide-react';
import { buttonStyles } from '../../components/button-styles.ts';
import { pricing } from '../../content/pricing.ts';

/** Get Started Now (spec §4): while checkout starts it reads "Loading...", is disabled and marked busy. */
export function CheckoutButton({ pending, onStart }: { pending: boolean; onStart: () => void }) {
  return (
    <button
      type="button"
      onClick={onStart}
      disabled={pending}
      aria-busy={pending}
      data-testid="checkout-button"
      className={`${buttonStyles.primary} min-h-12 w-full text-lg`}
    >
      {pending ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
      {pending ? pricing.loading : pricing.getStarted}
      {pending ? null : <ArrowRight aria-hidden="true" className="size-5" />}
    </button>
  );
}
