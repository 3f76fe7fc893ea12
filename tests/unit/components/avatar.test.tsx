import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Avatar } from '../../../src/components/avatar.tsx';
import { testimonials } from '../../../src/content/testimonials.ts';

/** The `<svg>` element React writes for `markup`, as a browser parses it. */
const svgOf = (markup: string) => {
  const svg = new DOMParser().parseFromString(markup, 'image/svg+xml').querySelector('svg');
  if (!svg) throw new Error(`no <svg> in ${markup}`);
  return svg;
};

describe('the testimonials’ avatars, drawn inline', () => {
  it('are decorative pictures at the size asked for, in a 96×96 view box, with the class given', () => {
    const svg = svgOf(
      renderToStaticMarkup(
        <Avatar drawing={testimonials[0].image} size={28} className="size-7 rounded-full" />,
      ),
    );
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('width')).toBe('28');
    expect(svg.getAttribute('height')).toBe('28');
    expect(svg.getAttribute('viewBox')).toBe('0 0 96 96');
    expect(svg.getAttribute('class')).toBe('size-7 rounded-full');
  });

  it.each(testimonials.map((item) => [item.name, item] as const))(
    '%s: every shape of the drawing, in order, with its attributes by their SVG names',
    (_name, item) => {
      const svg = svgOf(renderToStaticMarkup(<Avatar drawing={item.image} size={48} />));
      const drawn = [...svg.children].map((shape) =>
        Object.fromEntries([
          ['tag', shape.tagName.toLowerCase()],
          ...[...shape.attributes].map((attribute) => [attribute.name, attribute.value]),
        ]),
      );
      const expected = item.image.map(([tag, attributes]) =>
        Object.fromEntries([
          ['tag', tag],
          ...Object.entries(attributes).map(([name, value]) => [
            name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
            String(value),
          ]),
        ]),
      );
      expect(drawn.length).toBeGreaterThan(5);
      expect(drawn).toEqual(expected);
      // The portrait fills its round frame: the first shape is the 96×96 view box's full circle.
      expect(drawn[0]).toMatchObject({ tag: 'circle', cx: '48', cy: '48', r: '48' });
    },
  );

  it('differ from one another', () => {
    const markups = testimonials.map((item) =>
      renderToStaticMarkup(<Avatar drawing={item.image} size={48} />),
    );
    expect(new Set(markups).size).toBe(testimonials.length);
  });
});
