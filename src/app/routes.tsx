import type { ComponentType } from 'react';
import { useLocation } from 'wouter';
import { ChallengesPage } from '../pages/challenges-page.tsx';
import { IndexPage } from '../pages/index-page.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { PaymentSuccessPage } from '../pages/payment-success-page.tsx';
import { PricingPage } from '../pages/pricing-page.tsx';
import { ProcessPage } from '../pages/process-page.tsx';
import { ResultsPage } from '../pages/results-page.tsx';
import { SolutionsPage } from '../pages/solutions-page.tsx';
import { useAuthStore } from './auth/auth-store.ts';
import { type PageName, pageNameForPath } from './paths.ts';

const pageComponents: Record<PageName, ComponentType> = {
  Index: IndexPage,
  Challenges: ChallengesPage,
  Solutions: SolutionsPage,
  Results: ResultsPage,
  Process: ProcessPage,
  Pricing: PricingPage,
  PaymentSuccess: PaymentSuccessPage,
};

/**
 * Picks the page for the current location. Matching goes through `pageNameForPath` (case-insensitive, one table for
 * routes, links and page logs) rather than per-route patterns.
 */
export function AppRoutes() {
  const [location] = useLocation();
  const page = pageNameForPath(location);
  const isAdmin = useAuthStore((state) => state.user?.role === 'admin');
  if (!page) return <NotFoundPage adminNote={isAdmin} />;
  const Page = pageComponents[page];
  return <Page />;
}
