import { PageIntro } from '../components/page-intro.tsx';

/** The Results page. */
export function ResultsPage() {
  return <PageIntro title="What our clients measured after going live" />;
}
