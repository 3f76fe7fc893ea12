import type { Page } from '@playwright/test';

/** The home page's contact form, found by its labels as a visitor reads them. */
export function contactForm(page: Page) {
  const contact = page.locator('#contact');
  return {
    name: contact.getByLabel('Your Name *', { exact: true }),
    email: contact.getByLabel('Email *', { exact: true }),
    phone: contact.getByLabel('Phone *', { exact: true }),
    company: contact.getByLabel('Company', { exact: true }),
    message: contact.getByLabel('Message', { exact: true }),
    submit: contact.getByRole('button', { name: /Send Message|Message Sent!/ }),
  };
}

/** The contact form's submissions as the page logs them (`Contact form submitted …`), collected as they happen. */
export function recordContactSubmissions(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Contact form submitted')) logged.push(message.text());
  });
  return logged;
}
