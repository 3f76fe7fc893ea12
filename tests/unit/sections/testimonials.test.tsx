import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The testimonials section rendered with `count` testimonials (the site's, repeated under other names). */
async function gridWith(count: number) {
  vi.resetModules();
  vi.doMock('../../../src/content/testimonials.ts', async (importOriginal) => {
    const original = await importOriginal<typeof import('../../../src/content/testimonials.ts')>();
    const testimonials = Array.from({ length: count }, (_, index) => ({
      ...original.testimonials[index % original.testimonials.length]!,
      name: `Client ${index + 1}`,
    }));
    return { ...original, testimonials };
  });
  const { Testimonials } = await import('../../../src/sections/testimonials.tsx');
  const page = new DOMParser().parseFromString(renderToStaticMarkup(<Testimonials />), 'text/html');
  const list = page.querySelector('ul');
  return {
    cards: list?.querySelectorAll('[data-testid="testimonial"]').length,
    classes: list?.className.split(' ') ?? [],
  };
}

afterEach(() => {
  vi.doUnmock('../../../src/content/testimonials.ts');
});

describe('the testimonials’ grid on a wide screen', () => {
  it.each([
    [3, 'lg:grid-cols-3'],
    [4, 'md:grid-cols-2'],
    [5, 'lg:grid-cols-3'],
    [6, 'lg:grid-cols-3'],
    [8, 'lg:grid-cols-3'],
    [10, 'md:grid-cols-2'],
  ])('%i testimonials: %s (no card alone on its row where two columns avoid it)', async (count, columns) => {
    const grid = await gridWith(count);
    expect(grid.cards).toBe(count);
    expect(grid.classes).toContain(columns);
    expect(grid.classes).not.toContain(columns === 'md:grid-cols-2' ? 'lg:grid-cols-3' : 'md:grid-cols-2');
  });
});
