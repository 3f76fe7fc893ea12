import { BookFreeCall } from './book-free-call.tsx';
import { PricingFaq } from './pricing-faq.tsx';

/** Pricing after the package: the FAQ and Book Free Call (a static region). */
export function PricingClosing() {
  return (
    <>
      <PricingFaq />
      <BookFreeCall />
    </>
  );
}
