/**
 * Every claim and constant of docs/requirements.md ("What the product does and for whom", "Screens and routes" and
 * "Business constants and limits"), checked on the page where it puts it, word for word.
 */

import { MONTHLY_SHORT, SETUP_SHORT } from '../../support/spec-figures.ts';
import { expect, test } from '../support/test.ts';
import { openPage, pagePaths } from './page-helpers.ts';

const claims = [
  ['50+', 'UK businesses'],
  ['4.9/5', 'rating'],
  ['98%', 'would recommend'],
  ['15+', 'hours saved weekly'],
  ['30-50%', 'less admin cost'],
  ['2-3x', 'faster replies'],
] as const;

test.describe('Index', () => {
  test.beforeEach(async ({ page }) => {
    await openPage(page, pagePaths.Index);
  });

  test('hero: headline, both calls to action, trust line and the dashboard with the pipeline stages', async ({
    page,
  }) => {
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Book a free call' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See pricing' })).toBeVisible();
    const hero = page.locator('section').first();
    await expect(hero).toContainText('Trusted by 50+ UK businesses');
    await expect(hero).toContainText('4.9/5 rating');
    const mock = hero.locator('figure');
    for (const stage of ['New', 'Contacted', 'Converted', 'Lost']) await expect(mock).toContainText(stage);
    await expect(mock).toContainText('Follow-up in 24 hours');
    await expect(mock).toContainText('WhatsApp');
  });

  test('stats strip: the six claims as large numbers with labels', async ({ page }) => {
    const items = page.getByTestId('claim');
    await expect(items).toHaveCount(6);
    for (const [index, [value, label]] of claims.entries()) {
      await expect(items.nth(index)).toContainText(value);
      await expect(items.nth(index)).toContainText(label);
    }
    await expect(items.nth(3)).toHaveText('15+ hours saved weekly');
    await expect(items.nth(4)).toHaveText('30-50% less admin cost');
    await expect(items.nth(5)).toHaveText('2-3x faster replies');
  });

  test('ROI snapshot: 10+ hours saved per week, 30% more leads converted, £700/month in tools replaced', async ({
    page,
  }) => {
    const figures = page.getByTestId('roi-figure');
    await expect(figures).toHaveText([
      '10+ hours saved per week',
      '30% more leads converted',
      '£700/month in tools replaced',
    ]);
  });

  test('problem, solution, results, process and testimonials sections are all present, in order', async ({
    page,
  }) => {
    const headings = await page.locator('main h2').allTextContents();
    const order = [
      'Sound familiar?',
      'One platform',
      'Businesses like yours',
      'Four steps',
      'In their own words',
    ];
    const positions = order.map((start) => headings.findIndex((text) => text.startsWith(start)));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await expect(page.getByTestId('problem-card')).toHaveCount(3);
    await expect(page.getByTestId('solution-card')).toHaveCount(6);
    await expect(page.getByTestId('case-example')).toHaveCount(3);
    await expect(page.getByTestId('process-step')).toHaveCount(4);
    // Testimonials: the site's (at least three; adding one is a content change, README "Common changes").
    expect(await page.getByTestId('testimonial').count()).toBeGreaterThanOrEqual(3);
  });

  test('the contact section is the last section and carries the id "contact"', async ({ page }) => {
    const last = page.locator('main section').last();
    await expect(last).toHaveId('contact');
    await expect(last).toContainText('We reply within 24 hours');
    await expect(last.getByRole('button', { name: 'Send Message' })).toBeVisible();
  });
});

test('problem cards: Too Many Tools, Leads Get Lost, Drowning in Admin, each with an icon and its own gradient', async ({
  page,
}) => {
  await openPage(page, pagePaths.Challenges);
  const cards = page.getByTestId('problem-card');
  await expect(cards.locator('h3')).toHaveText(['Too Many Tools', 'Leads Get Lost', 'Drowning in Admin']);
  await expect(cards.nth(0)).toContainText(/spreadsheets.*chat.*email.*sticky notes/);
  await expect(cards.nth(1)).toContainText(/follow up/);
  await expect(cards.nth(2)).toContainText(/sending quotes, booking appointments and following up/);
  const gradients = await cards.evaluateAll((nodes) =>
    nodes.map((node) => getComputedStyle(node).backgroundImage),
  );
  expect(gradients.every((value) => value.includes('linear-gradient'))).toBe(true);
  expect(new Set(gradients).size).toBe(3);
  for (const card of await cards.all()) await expect(card.locator('svg').first()).toBeVisible();
});

test('solutions: customer tracking, auto-replies, follow-ups at 1 hour, 24 hours and 3 days, quotes, bookings, dashboard', async ({
  page,
}) => {
  await openPage(page, pagePaths.Solutions);
  const cards = page.getByTestId('solution-card');
  await expect(cards).toHaveCount(6);
  await expect(cards.nth(0)).toContainText('Customer tracking');
  await expect(cards.nth(0)).toContainText('New, Contacted, Converted, Lost');
  await expect(cards.nth(1)).toContainText('WhatsApp, email and Messenger auto-replies');
  await expect(cards.nth(2)).toContainText('1 hour, 24 hours and 3 days');
  await expect(cards.nth(3)).toContainText('Quotes');
  await expect(cards.nth(4)).toContainText('bookings');
  await expect(cards.nth(5)).toContainText('dashboard');
});

test('Results: the claims, case examples (property management, trade business, retail store) and testimonials', async ({
  page,
}) => {
  await openPage(page, pagePaths.Results);
  const items = page.getByTestId('claim');
  for (const [index, [value, label]] of claims.entries()) {
    await expect(items.nth(index)).toContainText(value);
    await expect(items.nth(index)).toContainText(label);
  }
  const cases = page.getByTestId('case-example');
  await expect(cases).toHaveCount(3);
  await expect(cases.nth(0)).toContainText(/property management/i);
  await expect(cases.nth(1)).toContainText(/trade business/i);
  await expect(cases.nth(2)).toContainText(/retail store/i);

  const testimonials = page.getByTestId('testimonial');
  expect(await testimonials.count()).toBeGreaterThanOrEqual(3);
  for (const testimonial of await testimonials.all()) {
    await expect(testimonial.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    await expect(testimonial.locator('blockquote')).not.toBeEmpty();
    // The portrait, drawn inline beside the name (decorative: the name says who it is).
    const image = testimonial.locator('figcaption svg');
    await image.scrollIntoViewIfNeeded();
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('aria-hidden', 'true');
    expect(await image.boundingBox()).toMatchObject({ width: 48, height: 48 });
    expect(await image.evaluate((svg) => svg.childElementCount)).toBeGreaterThan(5);
  }
  await expect(testimonials.nth(0)).toContainText('Sarah Mitchell');
  await expect(testimonials.nth(0)).toContainText('Managing Director, Harbour Lettings');
  await expect(testimonials.nth(0)).toContainText('Viewings booked in minutes');
});

test('Process: discovery call 30 min, design 2-3 days, build 2-4 weeks, live ongoing; four benefits; no contracts and money-back guarantee', async ({
  page,
}) => {
  await openPage(page, pagePaths.Process);
  const steps = page.getByTestId('process-step');
  await expect(steps.locator('h3')).toHaveText(['Discovery call', 'Design', 'Build', 'Live']);
  await expect(steps.nth(0)).toContainText('30 min');
  await expect(steps.nth(1)).toContainText('2-3 days');
  await expect(steps.nth(2)).toContainText('2-4 weeks');
  await expect(steps.nth(3)).toContainText('Ongoing');
  await expect(page.getByTestId('benefit-card')).toHaveCount(4);
  const guarantee = page.getByTestId('guarantee');
  await expect(guarantee).toContainText('No contracts');
  await expect(guarantee).toContainText(/money-back guarantee/i);
  // The build reading belongs to Process; the 5-7 business days reading belongs to Pricing.
  await expect(page.locator('main')).not.toContainText('5-7 business days');
});

test('Pricing: the setup, the monthly fee, no long-term contract, 30 days notice, setup in 5-7 business days', async ({
  page,
}) => {
  await openPage(page, pagePaths.Pricing);
  const pkg = page.getByTestId('package');
  await expect(page.getByTestId('price-setup')).toHaveText(`${SETUP_SHORT} one-time setup`);
  await expect(page.getByTestId('price-monthly')).toHaveText(`+ ${MONTHLY_SHORT} per month`);
  await expect(pkg).toContainText('No long-term contract');
  await expect(pkg).toContainText('30 days notice to cancel');
  await expect(pkg).toContainText('Setup in 5-7 business days');
  await expect(page.getByTestId('features').locator('li')).toHaveCount(8);
  await expect(page.getByTestId('features')).toContainText('1 hour, 24 hours and 3 days');
  const checkout = page.getByRole('button', { name: 'Get Started Now' });
  await expect(checkout).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Book Free Call' })).toBeVisible();
  await expect(page.getByTestId('faq-item')).not.toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('2-4 weeks');
});

test('PaymentSuccess: the order reference, contact within 24 hours, Back to Home and the contact e-mail', async ({
  page,
}) => {
  await openPage(page, pagePaths.PaymentSuccess);
  await expect(page.getByTestId('order-reference')).toHaveText('e5f6g7h8i9j0');
  await expect(page.locator('main')).toContainText('within 24 hours');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});

test('footer: office hours Mon-Fri 9am-5pm', async ({ page }) => {
  await openPage(page, pagePaths.Index);
  await expect(page.locator('footer')).toContainText('Mon-Fri 9am-5pm');
});
