import { ProblemSection } from '../problem-section.tsx';
import { ProcessSteps } from '../process-steps.tsx';
import { ResultsSection } from '../results-section.tsx';
import { RoiSnapshot } from '../roi-snapshot.tsx';
import { SolutionSection } from '../solution-section.tsx';
import { StatsStrip } from '../stats-strip.tsx';
import { Testimonials } from '../testimonials.tsx';
import { Hero } from './hero.tsx';

/** The home page's sections before the contact section: text and pictures only (a static region). */
export function HomeSections() {
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
    </>
  );
}
