/**
 * The tests keep their own single copy of the specification's figures (tests/support/spec-figures.ts): no other test
 * file writes £799, £199, their pence or the figures derived from them, so a change the specification makes is made in
 * one place, and no test takes its expected values from the code it tests.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';
import {
  HALF_MONTH_PENCE,
  MONTHLY_PENCE,
  MONTHLY_SHORT,
  MONTHLY_TEXT,
  SETUP_AND_MONTH_PENCE,
  SETUP_AND_MONTH_TEXT,
  SETUP_PENCE,
  SETUP_SHORT,
  SETUP_TEXT,
} from '../../support/spec-figures.ts';

const root = resolve(import.meta.dirname, '../../..');
const tests = resolve(root, 'tests');
/** Each figure in pence (with or without the `_` separator) and in pounds as people read them. */
const pence = (value: number) =>
  [String(value), value.toLocaleString('en-GB').replace(',', '_')].map((s) => `\\b${s}\\b`);
const FIGURES = new RegExp(
  [
    ...[
      SETUP_PENCE,
      MONTHLY_PENCE,
      SETUP_AND_MONTH_PENCE,
      HALF_MONTH_PENCE,
      SETUP_PENCE + HALF_MONTH_PENCE,
    ].flatMap(pence),
    SETUP_SHORT,
    MONTHLY_SHORT,
    SETUP_AND_MONTH_TEXT.replace('.00', ''),
  ].join('|'),
);

function* testFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* testFiles(path);
    else if (/\.(ts|tsx|mts|mjs)$/.test(name)) yield path;
  }
}

it('no test file but tests/support/spec-figures.ts writes the spec’s figures in its code', () => {
  const offenders: string[] = [];
  for (const file of testFiles(tests)) {
    const rel = relative(root, file);
    if (rel === 'tests/support/spec-figures.ts') continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        // Comments may say what a test is about; code may not hold the figure.
        const code = line.trim();
        if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return;
        if (FIGURES.test(line)) offenders.push(`${rel}:${i + 1}: ${code.slice(0, 120)}`);
      });
  }
  expect(offenders).toEqual([]);
});

/** The pence a text such as `£1,234.50` or `£799` reads as. */
const readPence = (text: string) => Math.round(Number(text.replace(/^£/, '').replaceAll(',', '')) * 100);

it('the derived figures follow from the two the specification gives', () => {
  expect(SETUP_AND_MONTH_PENCE).toBe(SETUP_PENCE + MONTHLY_PENCE);
  expect(HALF_MONTH_PENCE * 2).toBe(MONTHLY_PENCE);
  // Each text reads as its amount, to the penny or in whole pounds as the pages write them.
  for (const [text, amount] of [
    [SETUP_TEXT, SETUP_PENCE],
    [MONTHLY_TEXT, MONTHLY_PENCE],
    [SETUP_AND_MONTH_TEXT, SETUP_AND_MONTH_PENCE],
    [SETUP_SHORT, SETUP_PENCE],
    [MONTHLY_SHORT, MONTHLY_PENCE],
  ] as const) {
    expect(text).toMatch(/^£\d{1,3}(,\d{3})*(\.\d{2})?$/);
    expect(readPence(text), text).toBe(amount);
  }
  expect([SETUP_TEXT, MONTHLY_TEXT, SETUP_AND_MONTH_TEXT].every((text) => text.includes('.'))).toBe(true);
  expect(FIGURES.test(`${SETUP_SHORT} setup`)).toBe(true);
  expect(FIGURES.test(`${SETUP_PENCE}`)).toBe(true);
});
