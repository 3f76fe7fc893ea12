import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimList, roiSnapshot, trustedByLine } from '../../../src/content/claims.ts';
import { contactForm } from '../../../src/content/contact-form.ts';
import { officeHours } from '../../../src/content/office-hours.ts';
import { pricing } from '../../../src/content/pricing.ts';
import { processSteps } from '../../../src/content/process.ts';
import { followUpList, pipelineStages } from '../../../src/content/solutions.ts';
import { MONTHLY_PENCE, MONTHLY_SHORT, SETUP_PENCE, SETUP_SHORT } from '../../support/spec-figures.ts';

const root = resolve(import.meta.dirname, '../../..');

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name)) yield path;
  }
}

/** The site's own code: content, sections, pages and components. */
const siteSource = ['src/content', 'src/sections', 'src/pages', 'src/components']
  .flatMap((dir) => [...sourceFiles(resolve(root, dir))])
  .map((file) => ({ file, text: readFileSync(file, 'utf8') }));

// docs/requirements.md, "What the product does and for whom" and "Business constants and limits".
describe('content: the required texts and numbers', () => {
  it('carries the six claims and the ROI snapshot', () => {
    expect(claimList.map((claim) => `${claim.value} ${claim.label}`)).toEqual([
      '50+ UK businesses trust us',
      '4.9/5 average client rating',
      '98% would recommend us',
      '15+ hours saved weekly',
      '30-50% less admin cost',
      '2-3x faster replies',
    ]);
    expect(trustedByLine).toBe('Trusted by 50+ UK businesses');
    expect(roiSnapshot.figures.map((figure) => `${figure.value} ${figure.label}`)).toEqual([
      '10+ hours saved per week',
      '30% more leads converted',
      '£700/month in tools replaced',
    ]);
  });

  it('keeps both setup readings: 5-7 business days on Pricing, a 2-4 week build on Process', () => {
    expect(pricing.terms).toContain('Setup in 5-7 business days');
    expect(processSteps.map((step) => `${step.title}: ${step.duration}`)).toEqual([
      'Discovery call: 30 min',
      'Design: 2-3 days',
      'Build: 2-4 weeks',
      'Live: Ongoing',
    ]);
  });

  it('prices, terms, follow-ups, stages and the package identifier', () => {
    expect(`${pricing.setup.amount} ${pricing.setup.label}`).toBe(`${SETUP_SHORT} one-time setup`);
    expect(`${pricing.monthly.amount} ${pricing.monthly.label}`).toBe(`${MONTHLY_SHORT} per month`);
    expect(pricing.terms).toEqual([
      'No long-term contract',
      '30 days notice to cancel',
      'Setup in 5-7 business days',
    ]);
    expect(pricing.id).toBe('gold');
    expect(followUpList).toBe('1 hour, 24 hours and 3 days');
    expect(pipelineStages).toEqual(['New', 'Contacted', 'Converted', 'Lost']);
    expect(contactForm.sentForMs).toBe(3000);
    expect(contactForm.labels).toMatchObject({ name: 'Your Name *', email: 'Email *', phone: 'Phone *' });
  });

  it('office hours: one set of days and hours, read by people and by search engines', () => {
    expect(`${officeHours.label}: ${officeHours.text}`).toBe('Office hours: Mon-Fri 9am-5pm');
    expect(officeHours.openingHours).toBe('Mo-Fr 09:00-17:00');
  });

  it.each([
    "'5-7 business days'",
    "'2-4 weeks'",
    "'2-3 days'",
    "'24 hours'",
    "'30 days'",
    "'1 hour'",
    "'3 days'",
    "'50+'",
    "'4.9/5'",
    "'98%'",
    "'15+'",
    "'30-50%'",
    "'2-3x'",
    "'10+'",
    "'30%'",
    "'£700/month'",
    'sentForMs: 3000',
    'callMinutes = 30',
    'orderReferenceLength = 12',
  ])('the spec value %s is written once in the site code', (literal) => {
    const hits = siteSource.filter(({ text }) => text.includes(literal)).map(({ file }) => file);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toContain(`${'src'}/content/`);
  });
});

describe('the package’s figures, written once for every runtime', () => {
  /** The code of the site, the backend functions, the harness, the build and its configuration (not the tests). */
  const allCode = ['src', 'base44', 'host-harness', 'scripts', 'config']
    .flatMap((dir) => [...sourceFiles(resolve(root, dir))])
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
  const spellings = (pence: number) => [String(pence), pence.toLocaleString('en-GB').replace(',', '_')];

  it.each([
    ['setup', SETUP_PENCE],
    ['monthly fee', MONTHLY_PENCE],
  ])(
    'the %s in pence appears in base44/shared/packages.ts and, as the provider’s own dashboard, in its stand-in’s seed only',
    (_name, pence) => {
      const hits = allCode
        .filter(({ text }) => spellings(pence).some((spelling) => new RegExp(`\\b${spelling}\\b`).test(text)))
        .map(({ file }) => file.slice(root.length + 1));
      // The provider's prices are the provider's data, set in its dashboard, not read from the site's code: the
      // stand-in seeds its dashboard with the same figures (a difference is caught by the webhook's ownership check).
      expect(hits).toEqual(['base44/shared/packages.ts', 'host-harness/payments/dashboard-seed.ts']);
    },
  );
});
