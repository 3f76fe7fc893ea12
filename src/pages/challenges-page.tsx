import { InnerPage } from '../sections/inner-page.tsx';
import { ProblemSection } from '../sections/problem-section.tsx';
import { paths } from '../shared/navigation/paths.ts';

/**
 * Challenges (docs/requirements.md, "Screens and routes"): the problem section, then buttons to Solutions and to Home
 * (Book Free Audit).
 */
export function ChallengesPage() {
  return (
    <InnerPage page="Challenges" next={paths.Solutions}>
      <ProblemSection headingLevel="none" />
    </InnerPage>
  );
}
