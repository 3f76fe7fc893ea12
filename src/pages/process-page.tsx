import { paths } from '../app/paths.ts';
import { ButtonLink } from '../components/button-link.tsx';
import { PageIntro } from '../components/page-intro.tsx';
import { pageEndings, pageIntros } from '../content/pages.ts';
import { Benefits } from '../sections/benefits.tsx';
import { PageEnding } from '../sections/page-ending.tsx';
import { ProcessSteps } from '../sections/process-steps.tsx';

/** Process (spec §2): the 4 steps, four benefit cards and the guarantee, then a button to Home. */
export function ProcessPage() {
  const intro = pageIntros.Process;
  const ending = pageEndings.Process;
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={intro.title}>
        {intro.intro}
      </PageIntro>
      <ProcessSteps headingLevel="none" />
      <Benefits />
      <PageEnding title={ending.title} text={ending.text}>
        <ButtonLink href={paths.Index} variant="onDark">
          {ending.home}
        </ButtonLink>
      </PageEnding>
    </>
  );
}
