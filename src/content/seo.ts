import { claims, trustedByLine } from './claims.ts';
import { notFoundPage } from './not-found.ts';
import { pricing } from './pricing.ts';
import { autoReplyChannels } from './solutions.ts';
import { callLength, oneDay } from './timing.ts';

const price = `${pricing.setup.amount} ${pricing.setup.label} and ${pricing.monthly.amount} ${pricing.monthly.label}`;

/** Search and share texts of every page (titles, meta descriptions); the site name is appended to titles. */
export const pageSeo = {
  Index: {
    title: 'Business platforms and automations for UK small businesses',
    description: `One platform for your customers, ${autoReplyChannels} replies, follow-ups, quotes and bookings. ${trustedByLine}. Book a free ${callLength.adjective} call.`,
  },
  Challenges: {
    title: 'The problems that cost small businesses time and customers',
    description:
      'Too many tools, leads that get lost, and hours of admin: the everyday problems we fix for UK letting agents, trades and shops.',
  },
  Solutions: {
    title: 'Customer tracking, auto-replies, follow-ups, quotes and bookings',
    description: `See how one custom platform tracks every customer, answers on ${autoReplyChannels}, follows up on time and books appointments.`,
  },
  Results: {
    title: 'Results our clients measured',
    description: `${claims.hoursSaved.value} ${claims.hoursSaved.label}, ${claims.adminCost.value} ${claims.adminCost.label} and ${claims.replies.value} ${claims.replies.label}: results from UK property, trade and retail businesses.`,
  },
  Process: {
    title: 'How we build your platform in four steps',
    description:
      'A free discovery call, design, build and go-live: a clear four-step process with no contracts and a money-back guarantee.',
  },
  Pricing: {
    title: `Pricing: ${pricing.setup.amount} setup, then ${pricing.monthly.amount} ${pricing.monthly.label}`,
    description: `One package with everything included: ${price}. ${pricing.terms.join('. ')}.`,
  },
  PaymentSuccess: {
    title: 'Payment received',
    description: `Thank you for your order. We will contact you within ${oneDay} to start your setup.`,
  },
  NotFound: {
    title: notFoundPage.title,
    description: 'The page you were looking for could not be found.',
  },
} as const;

export type SeoPage = keyof typeof pageSeo;

/** Pages that search engines should not index: the 404 page is not a page at all (it is also served with status 404). */
export const noIndexPages: readonly SeoPage[] = ['NotFound'];

/**
 * Pages left out of `sitemap.xml`: the payment confirmation is reached only from the payment provider, so it is not
 * offered to search engines. It is not `noindex` (nor disallowed in `robots.txt`): it holds nothing private (the order
 * reference comes from the visitor's own query), and Lighthouse's SEO audit fails any page that blocks indexing.
 */
export const unlistedPages: readonly SeoPage[] = ['PaymentSuccess'];

/** The local share image (Open Graph / Twitter card). */
export const shareImage = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'Business platforms and automations for UK small businesses',
} as const;
