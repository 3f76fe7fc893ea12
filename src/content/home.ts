import { autoReplyChannels, followUpReminders } from './solutions.ts';

/**
 * The home page's hero (docs/requirements.md, "Screens and routes") and the dashboard drawn beside it (docs/design.md).
 */
export const hero = {
  eyebrow: 'Business platforms for UK small businesses',
  title: 'Every enquiry answered. Every lead followed up.',
  intro: `We build you one simple platform that tracks your customers, replies on ${autoReplyChannels}, chases follow-ups and handles quotes and bookings. You win more work with far less admin.`,
  primary: 'Book a free call',
  secondary: 'See pricing',
  /**
   * How many of the testimonials' avatars the "Trusted by" line draws (the first ones): the first screen, and the home
   * document that must arrive in one round trip, stay the same size when a testimonial is added.
   */
  avatars: 3,
} as const;

/** Sample data of the hero's dashboard picture: invented customers, not claims. */
export const dashboardMock = {
  caption:
    'A preview of the platform: a pipeline with New, Contacted, Converted and Lost columns, an automatic WhatsApp reply and a follow-up reminder.',
  windowTitle: 'Customer pipeline',
  period: 'This week',
  cards: {
    New: [
      { name: 'Emma R.', job: 'Boiler service' },
      { name: 'Tom B.', job: 'Flat viewing' },
    ],
    Contacted: [
      { name: 'Aisha K.', job: 'Kitchen quote' },
      { name: 'Mark P.', job: 'Rewire' },
    ],
    Converted: [{ name: 'Jo L.', job: 'Gift order' }],
    Lost: [{ name: 'Ben S.', job: 'Fence repair' }],
  },
  kpis: [
    { label: 'New enquiries', value: '38', trend: '+12' },
    { label: 'Follow-ups due', value: '5', trend: 'today' },
    { label: 'Quotes accepted', value: '9', trend: '+3' },
  ],
  whatsapp: {
    from: 'WhatsApp',
    tag: 'Auto-reply',
    text: 'Hi Emma, thanks for your message! Tap here to pick a time for your boiler service.',
  },
  reminder: `Follow-up in ${followUpReminders[1]}`,
} as const;
