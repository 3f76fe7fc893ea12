import { paths } from '../app/paths.ts';
import { ButtonLink } from '../components/button-link.tsx';
import { PageIntro } from '../components/page-intro.tsx';
import { pageEndings, pageIntros } from '../content/pages.ts';
import { PageEnding } from '../sections/page-ending.tsx';
import { ResultsSection } from '../sections/results-section.tsx';
import { StatsStrip } from '../sections/stats-strip.tsx';
import { Testimonials } from '../sections/testimonials.tsx';

/** Results (spec §2): metrics, case examples, testimonials, then buttons to Process and Home. */
export function ResultsPage() {
  const intro = pageIntros.Results;
  const ending = pageEndings.Results;
  return (
    <>
      <PageIntro eyebrow={intro.eyebrow} title={intro.title}>
        {intro.intro}
      </PageIntro>
      <StatsStrip />
      <ResultsSection />
      <Testimonials tone="white" />
      <PageEnding title={ending.title} text={ending.text}>
        <ButtonLink href={paths.Process} variant="onDark">
          {ending.next}
        </ButtonLink>
        <ButtonLink href={paths.Index} variant="ghostOnDark">
          {ending.home}
        </ButtonLink>
      </PageEnding>
    </>
  );
}
