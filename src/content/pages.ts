/**
 * Opening bands and closing calls to action of the inner pages (docs/requirements.md, "Screens and routes": every page
 * ends with a route onward).
 */
export const pageIntros = {
  Challenges: {
    eyebrow: 'Challenges',
    title: 'The everyday problems that cost small businesses time and customers',
    intro: 'If any of these sound like your week, you are not alone, and every one of them can be fixed.',
  },
  Solutions: {
    eyebrow: 'Solutions',
    title: 'One platform for your customers, messages, quotes and bookings',
    intro:
      'Built for your business, connected to the apps your customers already use, and simple enough for anyone on your team.',
  },
  Results: {
    eyebrow: 'Results',
    title: 'What our clients measured after going live',
    intro: 'Real figures from lettings agents, tradespeople and shop owners across the UK.',
  },
  Process: {
    eyebrow: 'Process',
    title: 'From a free call to a working platform in four steps',
    intro: 'You will always know what happens next, how long it takes and what it costs.',
  },
  Pricing: {
    eyebrow: 'Pricing',
    title: 'One package, everything included',
    intro: 'A single, clear price for a platform built around your business.',
  },
} as const;

export const pageEndings = {
  Challenges: {
    title: 'There is a simpler way to run your week',
    text: 'See how one platform answers each of these problems, or book a free audit of where your time goes.',
    next: 'See the Solutions',
    home: 'Book Free Audit',
  },
  Solutions: {
    title: 'See what it has done for businesses like yours',
    text: 'Lettings agents, tradespeople and shop owners, and the numbers they measured.',
    next: 'See the Results',
    home: 'Back to Home',
  },
  Results: {
    title: 'Here is how we get you there',
    text: 'Four clear steps, from a free call to a platform your team uses every day.',
    next: 'See the Process',
    home: 'Back to Home',
  },
  Process: {
    title: 'Ready when you are',
    text: 'Start with the free call. We will tell you honestly what we would build and what it would save you.',
    home: 'Back to Home',
  },
} as const;
