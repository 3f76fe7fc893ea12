import { ArrowRight, LoaderCircle } from 'lucide';
import { buttonStyles } from '../components/button-styles.ts';
import { Icon } from '../components/icon.tsx';
import { checkoutButtonText } from '../content/checkout.ts';

/**
 * Get Started Now (docs/requirements.md, "States and transitions"): while checkout starts it reads "Loading...", is
 * disabled and marked busy.
 */
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
      {pending ? <Icon icon={LoaderCircle} className="size-5 animate-spin" /> : null}
      {pending ? checkoutButtonText.loading : checkoutButtonText.getStarted}
      {pending ? null : <Icon icon={ArrowRight} className="size-5" />}
    </button>
  );
}
