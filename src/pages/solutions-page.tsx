import { PageIntro } from '../components/page-intro.tsx';

/** The Solutions page. */
export function SolutionsPage() {
  return <PageIntro title="One platform for your customers, messages, quotes and bookings" />;
}
