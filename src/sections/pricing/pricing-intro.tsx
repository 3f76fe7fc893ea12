import { PageIntro } from '../../components/page-intro.tsx';
import { pageIntros } from '../../content/pages.ts';

/** Pricing's opening band (a static region). */
export function PricingIntro() {
  const intro = pageIntros.Pricing;
  return (
    <PageIntro eyebrow={intro.eyebrow} title={intro.title}>
      {intro.intro}
    </PageIntro>
  );
}
