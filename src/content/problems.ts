/**
 * The problem section (docs/requirements.md, "What the product does and for whom"): three cards, each with an icon, a
 * description and its own colour gradient.
 */
export const problemSection = {
  eyebrow: 'The problem',
  title: 'Sound familiar?',
  intro: 'Most small businesses we meet lose time and customers in the same three places.',
} as const;

export type ProblemId = 'tools' | 'leads' | 'admin';

export interface Problem {
  readonly id: ProblemId;
  readonly title: string;
  readonly description: string;
  /** Tailwind classes: the card's wash, the top bar's gradient, and the tinted icon circle. */
  readonly tone: { readonly wash: string; readonly bar: string; readonly icon: string };
}

export const problems = [
  {
    id: 'tools',
    title: 'Too Many Tools',
    description:
      'Customer details live in spreadsheets, chat apps, email threads and sticky notes. Nothing is connected, so you spend your day hunting for information.',
    tone: {
      wash: 'from-rose-50',
      bar: 'from-rose-500 to-orange-400',
      icon: 'bg-rose-100 text-rose-700',
    },
  },
  {
    id: 'leads',
    title: 'Leads Get Lost',
    description:
      'An enquiry arrives while you are on a job. By the time you remember to follow up, they have booked someone else.',
    tone: {
      wash: 'from-amber-50',
      bar: 'from-amber-500 to-yellow-400',
      icon: 'bg-amber-100 text-amber-800',
    },
  },
  {
    id: 'admin',
    title: 'Drowning in Admin',
    description:
      'Evenings go on sending quotes, booking appointments and following up by hand, instead of on the work that pays.',
    tone: {
      wash: 'from-violet-50',
      bar: 'from-violet-500 to-fuchsia-400',
      icon: 'bg-violet-100 text-violet-700',
    },
  },
] as const satisfies readonly Problem[];

/** Title of a problem, for "Fixes: …" tags on the solution cards. */
export const problemTitle = (id: ProblemId): string => problems.find((p) => p.id === id)?.title ?? '';
