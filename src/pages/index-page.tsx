import { PageIntro } from '../components/page-intro.tsx';

/** The Index page. */
export function IndexPage() {
  return <PageIntro title="Systems that win you customers and give you your evenings back" />;
}
