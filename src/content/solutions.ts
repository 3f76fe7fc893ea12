import type { ProblemId } from './problems.ts';
import { oneDay } from './timing.ts';

/** Customer pipeline stages shown in the marketing content (docs/requirements.md, "Entities and their fields"). */
export const pipelineStages = ['New', 'Contacted', 'Converted', 'Lost'] as const;
export type PipelineStage = (typeof pipelineStages)[number];

/** Automatic follow-up reminders (docs/requirements.md, "Business constants and limits"). */
export const followUpReminders = ['1 hour', oneDay, '3 days'] as const;

/** "1 hour, 24 hours and 3 days". */
export const followUpList = `${followUpReminders.slice(0, -1).join(', ')} and ${followUpReminders.at(-1)}`;

/** "New, Contacted, Converted, Lost". */
export const pipelineList = pipelineStages.join(', ');

export const autoReplyChannels = 'WhatsApp, email and Messenger';

export const solutionSection = {
  eyebrow: 'The solution',
  title: 'One platform that does the chasing for you',
  intro:
    'Everything your customers touch, in one place, set up around the way you already work. Each part answers one of the problems above.',
  fixesLabel: 'Fixes',
} as const;

export type SolutionId = 'tracking' | 'replies' | 'followUps' | 'quotes' | 'bookings' | 'dashboard';

export interface Solution {
  readonly id: SolutionId;
  readonly title: string;
  readonly description: string;
  readonly fixes: ProblemId;
}

export const solutions = [
  {
    id: 'tracking',
    title: 'Customer tracking',
    description: `Every enquiry lands in one pipeline: ${pipelineList}. You always know who needs what next.`,
    fixes: 'tools',
  },
  {
    id: 'replies',
    title: `${autoReplyChannels} auto-replies`,
    description:
      'Every enquiry gets a friendly answer in seconds, even when you are up a ladder or with a customer.',
    fixes: 'leads',
  },
  {
    id: 'followUps',
    title: 'Automatic follow-ups',
    description: `Reminders go out at ${followUpList}, so no lead goes cold because you were busy.`,
    fixes: 'leads',
  },
  {
    id: 'quotes',
    title: 'Quotes in minutes',
    description:
      'Send a professional quote from your phone in minutes, with a link your customer can accept.',
    fixes: 'admin',
  },
  {
    id: 'bookings',
    title: 'Online bookings',
    description: 'Customers pick a slot that suits them; confirmations and reminders go out on their own.',
    fixes: 'admin',
  },
  {
    id: 'dashboard',
    title: 'A live dashboard',
    description:
      'Enquiries, conversions and jobs booked at a glance, with no spreadsheet to keep up to date.',
    fixes: 'tools',
  },
] as const satisfies readonly Solution[];
