import type { Page } from '@playwright/test';

/** The contact form's submissions as the page logs them (`Contact form submitted …`), collected as they happen. */
export function recordContactSubmissions(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Contact form submitted')) logged.push(message.text());
  });
  return logged;
}
