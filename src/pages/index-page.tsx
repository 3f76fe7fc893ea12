import { ContactSection } from '../sections/contact/contact-section.tsx';
import { Hero } from '../sections/home/hero.tsx';
import { ProblemSection } from '../sections/problem-section.tsx';
import { ProcessSteps } from '../sections/process-steps.tsx';
import { ResultsSection } from '../sections/results-section.tsx';
import { RoiSnapshot } from '../sections/roi-snapshot.tsx';
import { SolutionSection } from '../sections/solution-section.tsx';
import { StatsStrip } from '../sections/stats-strip.tsx';
import { Testimonials } from '../sections/testimonials.tsx';

/** The home page (spec §2). The contact section must stay last: Book A Call scrolls to it. */
export function IndexPage() {
  return (
    <>
      <Hero />
      <StatsStrip />
      <RoiSnapshot />
      <ProblemSection />
      <SolutionSection />
      <ResultsSection />
      <ProcessSteps />
      <Testimonials />
      <ContactSection />
    </>
  );
}
