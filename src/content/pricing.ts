import { CURRENCY, PACKAGES } from '../../base44/shared/packages.ts';
import { packageId } from './checkout.ts';
import { autoReplyChannels, followUpList, pipelineList } from './solutions.ts';
import { oneDay } from './timing.ts';

/** Pence as the site writes a price: whole pounds without pence (£799), with them otherwise (£199.50). */
export function poundsText(pence: number): string {
  const pounds = pence / 100;
  return `£${Number.isInteger(pounds) ? pounds.toLocaleString('en-GB') : pounds.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
}

// The figures are the package's, written once for the site, the checkout and the harness (base44/shared/packages.ts).
const gold = PACKAGES[packageId];

/** The package the site sells, in the provider's minor units, and its currency (ISO 4217, upper case). */
export const soldPackage = { ...gold, currency: CURRENCY.toUpperCase() };
const setupFee = poundsText(gold.setup.amount);
const monthlyFee = poundsText(gold.monthly.amount);
const perMonth = 'per month';

/** A number of billing intervals as a buyer reads it: "one month", "3 months". */
export function intervalsText(count: number, interval: string): string {
  return count === 1 ? `one ${interval}` : `${count} ${interval}s`;
}

/**
 * When the first monthly fee is taken: one billing period after the purchase, where createCheckout ends the trial it
 * asks the provider for (its hosted page shows the monthly fee as a trial, then the fee from that date on).
 */
const firstPaymentAfter = intervalsText(gold.monthly.intervalCount, gold.monthly.interval);
const thenMonthly = `then ${monthlyFee} ${perMonth}, from ${firstPaymentAfter} after you buy`;
const noticePeriod = '30 days';
const setupTime = '5-7 business days';

/** The one package (docs/requirements.md, "Business constants and limits"). `id` is the identifier sent to checkout. */
export const pricing = {
  id: packageId,
  name: gold.label,
  tagline: 'The complete business platform, built and run for you.',
  setup: { amount: setupFee, label: 'one-time setup' },
  monthly: { amount: monthlyFee, label: perMonth },
  /** The first monthly payment's date, as the provider's page will put it, beside the price. */
  firstPayment: `Pay ${setupFee} today, ${thenMonthly}.`,
  /** Terms shown under the price. */
  terms: ['No long-term contract', `${noticePeriod} notice to cancel`, `Setup in ${setupTime}`],
  featuresTitle: 'Everything included',
  features: [
    `Customer tracking pipeline (${pipelineList})`,
    `${autoReplyChannels} auto-replies`,
    `Automatic follow-ups at ${followUpList}`,
    'Professional quotes sent from your phone',
    'Online bookings with reminders',
    'A live dashboard of leads and conversions',
    'Setup, customer import and team training',
    'Ongoing support and improvements',
  ],
} as const;

export const pricingFaq = {
  eyebrow: 'FAQ',
  title: 'Questions owners ask us',
  items: [
    {
      question: `What does the ${setupFee} setup cover?`,
      answer: `Designing your pipeline, building your automations, importing your existing customers, connecting ${autoReplyChannels}, and training your team. It is paid once.`,
    },
    {
      question: 'When is the first monthly payment taken?',
      answer: `You pay the ${setupFee} setup today, ${thenMonthly}. Our payment provider's secure page shows a free trial of ${firstPaymentAfter} on the monthly plan, and your first receipt lists the setup with the trial at ${poundsText(0)}.`,
    },
    {
      question: `What do I get for ${monthlyFee} a month?`,
      answer:
        'Hosting, the platform itself, updates, and a named person to ask for changes. No per-user fees and no extra tools to pay for.',
    },
    {
      question: 'How quickly can we be up and running?',
      answer: `Setup takes ${setupTime} once we have access to your accounts. You keep working as normal while we do it.`,
    },
    {
      question: 'Is there a contract?',
      answer: `No long-term contract. You pay monthly and can cancel with ${noticePeriod} notice.`,
    },
    {
      question: 'What happens after I pay?',
      answer: `We contact you within ${oneDay} to book your discovery call and agree a start date.`,
    },
    {
      question: 'Do I need to be technical?',
      answer:
        'Not at all. If you can use WhatsApp, you can use the platform. We set everything up and show your team how it works.',
    },
  ],
} as const;

export const bookFreeCall = {
  title: 'Not sure yet? Talk it through first.',
  text: 'Book a free call and we will tell you honestly whether the package is right for your business.',
  button: 'Book Free Call',
} as const;
