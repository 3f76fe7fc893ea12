import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

/**
 * The hero's "Trusted by" line draws the first `hero.avatars` testimonials' avatars, however many testimonials there
 * are: a testimonial added to the site leaves the first screen (and the home document's one round trip) alone.
 * Here the testimonials are the site's own plus two more, added as a developer would add them.
 */
vi.mock('../../../../src/content/testimonials.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../src/content/testimonials.ts')>();
  const extra = original.testimonials.map((item, index) => ({ ...item, name: `Added ${index}` }));
  return { ...original, testimonials: [...original.testimonials, ...extra.slice(0, 2)] };
});

const { Hero } = await import('../../../../src/sections/home/hero.tsx');
const { hero } = await import('../../../../src/content/home.ts');
const { testimonials } = await import('../../../../src/content/testimonials.ts');

describe('the hero’s avatars', () => {
  it('are the first three testimonials’, when there are two more than the site has', () => {
    expect(testimonials.length).toBeGreaterThanOrEqual(5);
    expect(hero.avatars).toBe(3);
    const page = new DOMParser().parseFromString(renderToStaticMarkup(<Hero />), 'text/html');
    const avatars = [...page.querySelectorAll('svg[viewBox="0 0 96 96"]')];
    expect(avatars).toHaveLength(3);
    const firstShapes = avatars.map((svg) => svg.firstElementChild?.getAttribute('fill'));
    expect(firstShapes).toEqual(testimonials.slice(0, 3).map((item) => item.image[0]?.[1].fill));
  });
});
