import { callLength, oneDay } from './timing.ts';

/**
 * The contact section (docs/requirements.md, "Screens and routes", "States and transitions" and "Validation rules"):
 * the home page's last section.
 */
export const contactSection = {
  eyebrow: 'Contact',
  title: 'Let’s talk about your business',
  intro: `Tell us where your time goes and we will show you what to automate first. We reply within ${oneDay}.`,
} as const;

export const bookingCard = {
  title: 'Prefer to talk it through?',
  text: `Book a free ${callLength.adjective} call at a time that suits you. No preparation needed and no obligation.`,
  button: `Book your free ${callLength.adjective} call`,
  newTab: '(opens in a new tab)',
  orReach: 'Or reach us directly',
} as const;
