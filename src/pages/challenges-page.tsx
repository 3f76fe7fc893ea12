import { paths } from '../app/paths.ts';
import { ButtonLink } from '../components/button-link.tsx';
import { PageIntro } from '../components/page-intro.tsx';
import { pageEndings, pageIntros } from '../content/pages.ts';
import { PageEnding } from '../sections/page-ending.tsx';
import { ProblemSection } from '../sections/problem-section.tsx';

/** Challenges (spec §2): the problem section, then buttons to Solutions and to Home (Book Free Audit). */
export function ChallengesPage() {
  const intro = pageIntros.Challenges;
  const ending = pageEndings.Challenges;
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={intro.title}>
        {intro.intro}
      </PageIntro>
      <ProblemSection headingLevel="none" />
      <PageEnding title={ending.title} text={ending.text}>
        <ButtonLink href={paths.Solutions} variant="onDark">
          {ending.next}
        </ButtonLink>
        <ButtonLink href={paths.Index} variant="ghostOnDark">
          {ending.home}
        </ButtonLink>
      </PageEnding>
    </>
  );
}
