import { PageIntro } from '../components/page-intro.tsx';

/** The Challenges page. */
export function ChallengesPage() {
  return <PageIntro title="The everyday problems that cost small businesses time and customers" />;
}
