import { Benefits } from '../sections/benefits.tsx';
import { InnerPage } from '../sections/inner-page.tsx';
import { ProcessSteps } from '../sections/process-steps.tsx';

/**
 * Process (docs/requirements.md, "Screens and routes"): the 4 steps, four benefit cards and the guarantee, then a
 * button to Home.
 */
export function ProcessPage() {
  return (
    <InnerPage page="Process">
      <ProcessSteps headingLevel="none" />
      <Benefits />
    </InnerPage>
  );
}
