/**
 * The results section: case examples from the three kinds of business of docs/requirements.md,
 * "What the product does and for whom" (copy written for the site).
 */
export const resultsSection = {
  eyebrow: 'Case examples',
  title: 'Businesses like yours, a few weeks after going live',
  intro: 'Three of the businesses we have built platforms for, and what changed for them.',
  beforeLabel: 'Before',
  builtLabel: 'What we built',
} as const;

export type CaseId = 'property' | 'trade' | 'retail';

export interface CaseExample {
  readonly id: CaseId;
  readonly sector: string;
  readonly business: string;
  readonly before: string;
  readonly built: string;
  readonly outcome: { readonly value: string; readonly label: string };
}

export const caseExamples = [
  {
    id: 'property',
    sector: 'Property management',
    business: 'Harbour Lettings, a lettings agency in Leeds',
    before: 'Tenant and landlord messages were spread across three inboxes and a shared spreadsheet.',
    built: 'One pipeline for every enquiry, WhatsApp auto-replies and a page for booking viewings.',
    outcome: { value: '18 hours', label: 'of admin saved every week' },
  },
  {
    id: 'trade',
    sector: 'Trade business',
    business: 'Kellett Plumbing & Heating, Bristol',
    before: 'Quotes were typed up late at night and follow-ups depended on memory.',
    built: 'Quotes sent from the van, with automatic follow-ups on every one.',
    outcome: { value: '40%', label: 'more quotes accepted' },
  },
  {
    id: 'retail',
    sector: 'Retail store',
    business: 'Willow & Thread, a gift shop in York',
    before: 'Orders and questions arrived on Messenger, email and the phone, and some were missed.',
    built: 'Messenger and email auto-replies, one customer list and click-and-collect bookings.',
    outcome: { value: '£540/month', label: 'of software subscriptions cancelled' },
  },
] as const satisfies readonly CaseExample[];
