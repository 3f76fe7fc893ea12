/**
 * Tailwind's palettes restated in hex (src/styles/palette.css): every value is Lightning CSS's sRGB conversion of
 * Tailwind's own `oklch()` value for that name, so the site's colours are Tailwind's (a typo, or a Tailwind upgrade
 * that moves a colour, fails here).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { transform } from 'lightningcss';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const palette = readFileSync(resolve(root, 'src/styles/palette.css'), 'utf8');
const tailwind = readFileSync(resolve(root, 'node_modules/tailwindcss/theme.css'), 'utf8');

const restated = [...palette.matchAll(/(--color-[a-z]+-\d+):\s*(#[0-9a-f]{3,8});/g)].map(([, name, hex]) => ({
  name: name!,
  hex: hex!,
}));

/** Tailwind's value for `name`, converted to sRGB as browsers without `oklch()` got it. */
function tailwindHex(name: string): string {
  const value = new RegExp(`${name}:\\s*(oklch\\([^)]*\\));`).exec(tailwind)?.[1];
  if (!value) throw new Error(`${name} is not one of Tailwind's colours`);
  const css = transform({
    filename: 'palette.css',
    code: Buffer.from(`a{color:${value}}`),
    minify: true,
    targets: { chrome: 80 << 16 },
  }).code.toString();
  return /color:([^;}]+)/.exec(css)?.[1] ?? '';
}

describe('the palette in hex', () => {
  it('restates whole scales (50 to 950) of the families it holds', () => {
    expect(restated.length).toBeGreaterThan(0);
    const families = new Set(restated.map(({ name }) => name.replace(/-\d+$/, '')));
    for (const family of families)
      expect(restated.filter(({ name }) => name.startsWith(`${family}-`)).length, family).toBe(11);
  });

  it.each(restated.map((entry) => [entry.name, entry] as const))(
    '%s is Tailwind’s colour',
    (_name, entry) => {
      expect(entry.hex).toBe(tailwindHex(entry.name));
    },
  );
});
