import { PageIntro } from '../components/page-intro.tsx';

/** The Pricing page. */
export function PricingPage() {
  return <PageIntro title="One package, everything included" />;
}
