/**
 * Case 3: the contact form on the home page. Sending makes no network call (site spec: it writes to the console), so
 * what leaves the page is the console line, read as tests/e2e/support/contact-form.ts reads it.
 */
import { contactForm } from '../../../src/content/contact-form.ts';
import { layout } from '../../../src/content/layout.ts';
import { byLabel, byRole, hydrated, type Session } from '../browser.ts';
import { SITE } from '../constants.ts';
import { check, until } from '../wait.ts';

const filled = {
  name: 'Jane Smith',
  email: 'jane@example.co.uk',
  phone: '07700 900123',
  company: 'Smith Lettings',
} as const;

export async function contactFormSends(session: Session): Promise<void> {
  const page = await session.newPage();
  // Firefox over BiDi prints an object argument as `JSHandle@object`: the values are read from the arguments.
  const submitted: Array<Promise<string>> = [];
  page.on('console', (message) => {
    if (!message.text().startsWith('Contact form submitted')) return;
    submitted.push(
      Promise.all(message.args().map((arg) => arg.jsonValue())).then((values) => JSON.stringify(values)),
    );
  });
  // What the page sends once the visitor presses Send, other than its own code (other pages are warmed after load).
  let sending = false;
  const sentRequests: string[] = [];
  page.on('request', (request) => {
    const ownCode = request.method() === 'GET' && request.url().startsWith(`${SITE}/assets/`);
    if (sending && !ownCode) sentRequests.push(`${request.method()} ${request.url()}`);
  });

  await page.goto(`${SITE}/#${layout.contactSectionId}`);
  await hydrated(page);
  const section = `#${layout.contactSectionId}`;
  for (const [field, value] of Object.entries(filled))
    await page.locator(`${section} ${byLabel(contactForm.labels[field as keyof typeof filled])}`).fill(value);
  sending = true;
  await page.locator(`${section} ${byRole('button', contactForm.send)}`).click();

  await until(
    'the button reads "Message Sent!" and the status thanks the visitor',
    () =>
      page.evaluate((selector) => {
        const form = document.querySelector(`${selector} form`);
        return {
          button: form?.querySelector('button[type="submit"]')?.textContent?.trim() ?? null,
          status: form?.querySelector('[role="status"]')?.textContent?.trim() ?? null,
        };
      }, section),
    (seen) => seen.button === contactForm.sent && seen.status === contactForm.thanks,
  );
  const values = await page.evaluate(
    (selector) =>
      [
        ...document.querySelectorAll<HTMLInputElement>(`${selector} form input, ${selector} form textarea`),
      ].map((input) => input.value),
    section,
  );
  check(
    values.every((value) => value === ''),
    `the form is not cleared after sending: ${JSON.stringify(values)}`,
  );
  const logged = await until(
    'the submission is written to the console',
    async () => (await Promise.all(submitted)).join('\n'),
    (text) => text !== '',
  );
  for (const value of Object.values(filled))
    check(logged.includes(value), `the logged submission lacks ${JSON.stringify(value)}: ${logged}`);
  check(sentRequests.length === 0, `sending made network calls: ${sentRequests.join(', ')}`);
}
