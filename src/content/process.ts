import { callLength, oneDay } from './timing.ts';

/**
 * The 4-step process (docs/requirements.md, "Business constants and limits"). The build step reads 2-4 weeks here;
 * Pricing keeps its own setup reading.
 */
export const processSection = {
  eyebrow: 'How it works',
  title: 'Four steps from first call to up and running',
  intro:
    'A clear plan, fixed timings and a working platform at the end. You are never left guessing what happens next.',
  durationLabel: 'Takes',
} as const;

export type StepId = 'discovery' | 'design' | 'build' | 'live';

export interface ProcessStep {
  readonly id: StepId;
  readonly title: string;
  readonly duration: string;
  readonly description: string;
}

export const processSteps = [
  {
    id: 'discovery',
    title: 'Discovery call',
    duration: callLength.short,
    description: 'A free call to understand your business, your customers and where your time goes.',
  },
  {
    id: 'design',
    title: 'Design',
    duration: '2-3 days',
    description: 'We map your pipeline, messages and follow-ups, and show you exactly what we will build.',
  },
  {
    id: 'build',
    title: 'Build',
    duration: '2-4 weeks',
    description:
      'We build and connect your platform, import your customers and test every automation with you.',
  },
  {
    id: 'live',
    title: 'Live',
    duration: 'Ongoing',
    description: 'You go live with training for your team, and we stay on hand to tweak and improve.',
  },
] as const satisfies readonly ProcessStep[];

export const benefitsSection = {
  eyebrow: 'Working with us',
  title: 'What you can count on',
} as const;

export type BenefitId = 'price' | 'fit' | 'training' | 'support';

export const benefits = [
  {
    id: 'price',
    title: 'A fixed price, agreed up front',
    description: 'You know the full cost before we start. No surprise invoices, no hourly billing.',
  },
  {
    id: 'fit',
    title: 'Built around how you work',
    description:
      'We fit the platform to your process, not the other way round, so your team actually uses it.',
  },
  {
    id: 'training',
    title: 'Training included',
    description: 'A hands-on session for your team, recorded so new starters can catch up later.',
  },
  {
    id: 'support',
    title: 'Support from real people',
    description: `A named UK contact who answers within ${oneDay}, whenever something needs a tweak.`,
  },
] as const satisfies readonly { id: BenefitId; title: string; description: string }[];

/**
 * docs/requirements.md, "Business constants and limits": the process page states no contracts and a money-back
 * guarantee.
 */
export const guarantee = {
  title: 'No contracts. Money-back guarantee.',
  text: 'Stay because it works, not because you are tied in. If we do not deliver what we agreed at the design step, you get your money back.',
} as const;
