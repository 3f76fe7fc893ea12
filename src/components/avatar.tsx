import { createElement } from 'react';
import type { AvatarDrawing } from '../content/avatars.ts';

/**
 * An illustrated avatar drawn inline (`content/avatars.ts`), decorative: the name beside it says who it is. Inline
 * shapes are styled and painted with the page, where an `<img>` of an SVG (a file or a `data:` URL alike) is first
 * built as a document of its own: 2-6 ms each on this machine, before the first paint when it is in the first screen.
 * `size` is its width and height in CSS pixels.
 */
export function Avatar({
  drawing,
  size,
  className,
}: {
  drawing: AvatarDrawing;
  size: number;
  className?: string;
}) {
  return (
    <svg width={size} height={size} viewBox="0 0 96 96" aria-hidden="true" className={className}>
      {drawing.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
