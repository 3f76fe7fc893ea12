import { paths } from '../app/paths.ts';
import { ButtonLink } from '../components/button-link.tsx';
import { PageIntro } from '../components/page-intro.tsx';
import { pageEndings, pageIntros } from '../content/pages.ts';
import { PageEnding } from '../sections/page-ending.tsx';
import { SolutionSection } from '../sections/solution-section.tsx';

/** Solutions (spec §2): the solution section, then buttons to Results and Home. */
export function SolutionsPage() {
  const intro = pageIntros.Solutions;
  const ending = pageEndings.Solutions;
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={intro.title}>
        {intro.intro}
      </PageIntro>
      <SolutionSection headingLevel="none" />
      <PageEnding title={ending.title} text={ending.text}>
        <ButtonLink href={paths.Results} variant="onDark">
          {ending.next}
        </ButtonLink>
        <ButtonLink href={paths.Index} variant="ghostOnDark">
          {ending.home}
        </ButtonLink>
      </PageEnding>
    </>
  );
}
