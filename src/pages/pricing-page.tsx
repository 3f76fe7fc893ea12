import { CheckoutButton } from '../checkout/checkout-button.tsx';
import { useCheckout } from '../checkout/use-checkout.ts';
import { Region, region } from '../hydration/index.ts';
import { PackageCard } from '../sections/pricing/package-card.tsx';

const intro = region({ page: 'Pricing', part: 'intro' }, () =>
  import(/* webpackChunkName: "content-Pricing" */ '../sections/pricing/pricing-intro.tsx').then(
    (m) => m.PricingIntro,
  ),
);
const closing = region({ page: 'Pricing', part: 'closing' }, () =>
  import(/* webpackChunkName: "content-Pricing" */ '../sections/pricing/pricing-closing.tsx').then(
    (m) => m.PricingClosing,
  ),
);

const offer = region({ page: 'Pricing', part: 'offer' }, () =>
  import(/* webpackChunkName: "content-Pricing" */ '../sections/pricing/package-details.tsx').then(
    (m) => m.PackageOffer,
  ),
);
const features = region({ page: 'Pricing', part: 'features' }, () =>
  import(/* webpackChunkName: "content-Pricing" */ '../sections/pricing/package-details.tsx').then(
    (m) => m.PackageFeatures,
  ),
);

/**
 * Pricing (docs/requirements.md, "Screens and routes"): the package with Get Started Now (checkout), the FAQ, and Book
 * Free Call.
 */
export function PricingPage() {
  const { pending, start } = useCheckout();
  return (
    <>
      <Region of={intro} />
      <div className="bg-white px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
        <PackageCard
          offer={<Region of={offer} />}
          checkoutButton={<CheckoutButton pending={pending} onStart={start} />}
          features={<Region of={features} />}
        />
      </div>
      <Region of={closing} />
    </>
  );
}
