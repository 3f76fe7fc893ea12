import { oneDay } from './timing.ts';

/**
 * The contact form's texts (docs/requirements.md, "Screens and routes", "Validation rules" and
 * "Business constants and limits").
 */
export const contactForm = {
  title: 'Send us a message',
  labels: {
    name: 'Your Name *',
    email: 'Email *',
    phone: 'Phone *',
    company: 'Company',
    message: 'Message',
  },
  placeholders: {
    name: 'Jane Smith',
    email: 'jane@example.co.uk',
    phone: '07700 900123',
    company: 'Smith Lettings',
    message: 'What takes up most of your week?',
  },
  requiredNote: '* Required',
  /** Shown by the browser for a required field holding only spaces (an empty one gets the browser's own text). */
  requiredError: 'Please fill in this field.',
  /**
   * The longest value a field (and its draft in storage) takes; the inputs say so too (`maxLength`), so
   * nothing is cut silently.
   */
  maxFieldLength: 5000,
  send: 'Send Message',
  sent: 'Message Sent!',
  /** docs/requirements.md, "Business constants and limits": how long "Message Sent!" stays on the button. */
  sentForMs: 3000,
  thanks: `Thanks, we have your message and will reply within ${oneDay}.`,
} as const;
