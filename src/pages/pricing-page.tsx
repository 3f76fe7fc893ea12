import { useCheckout } from '../app/checkout/use-checkout.ts';
import { PageIntro } from '../components/page-intro.tsx';
import { pageIntros } from '../content/pages.ts';
import { BookFreeCall } from '../sections/pricing/book-free-call.tsx';
import { CheckoutButton } from '../sections/pricing/checkout-button.tsx';
import { PackageCard } from '../sections/pricing/package-card.tsx';
import { PricingFaq } from '../sections/pricing/pricing-faq.tsx';

/** Pricing (spec §2): the package with Get Started Now (checkout), the FAQ, and Book Free Call. */
export function PricingPage() {
  const intro = pageIntros.Pricing;
  const { pending, start } = useCheckout();
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={intro.title}>
        {intro.intro}
      </PageIntro>
      <div className="bg-white px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
        <PackageCard checkoutButton={<CheckoutButton pending={pending} onStart={start} />} />
      </div>
      <PricingFaq />
      <BookFreeCall />
    </>
  );
}
