import { PageIntro } from '../components/page-intro.tsx';

/** The Process page. */
export function ProcessPage() {
  return <PageIntro title="From a free call to a working platform in four steps" />;
}
