import { InnerPage } from '../sections/inner-page.tsx';
import { ResultsSection } from '../sections/results-section.tsx';
import { StatsStrip } from '../sections/stats-strip.tsx';
import { Testimonials } from '../sections/testimonials.tsx';
import { paths } from '../shared/navigation/paths.ts';

/**
 * Results (docs/requirements.md, "Screens and routes"): metrics, case examples, testimonials, then buttons to Process
 * and Home.
 */
export function ResultsPage() {
  return (
    <InnerPage page="Results" next={paths.Process}>
      <StatsStrip />
      <ResultsSection />
      <Testimonials tone="white" />
    </InnerPage>
  );
}
