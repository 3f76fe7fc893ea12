import { PaymentConfirmation } from '../sections/payment-success/payment-confirmation.tsx';

/** PaymentSuccess (docs/requirements.md, "Screens and routes"): where the payment provider sends the buyer back. */
export function PaymentSuccessPage() {
  return <PaymentConfirmation />;
}
