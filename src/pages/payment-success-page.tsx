import { PageIntro } from '../components/page-intro.tsx';

/** The PaymentSuccess page. */
export function PaymentSuccessPage() {
  return <PageIntro title="Payment received. Thank you!" />;
}
