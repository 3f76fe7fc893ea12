import { InnerPage } from '../sections/inner-page.tsx';
import { SolutionSection } from '../sections/solution-section.tsx';
import { paths } from '../shared/navigation/paths.ts';

/** Solutions (docs/requirements.md, "Screens and routes"): the solution section, then buttons to Results and Home. */
export function SolutionsPage() {
  return (
    <InnerPage page="Solutions" next={paths.Results}>
      <SolutionSection headingLevel="none" />
    </InnerPage>
  );
}
