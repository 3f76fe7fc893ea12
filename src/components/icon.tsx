import type { IconNode } from 'lucide';
import { createElement } from 'react';

/**
 * A Lucide icon, decorative (hidden from assistive technology: the text beside it says what it means). The icons'
 * shapes come from the `lucide` package as plain data, so that a page ships a few hundred bytes per icon and no icon
 * runtime. No `xmlns`: an `<svg>` in an HTML page (or made by React) is in the SVG namespace without one. How Lucide
 * strokes its shapes (no fill, the text's colour, 2 units wide, round ends and joins) is one rule of the stylesheet,
 * `site-icon` (src/styles/theme.css), rather than five attributes on each of the fifty icons of a page: a class given
 * here (`fill-accent-400`) still wins, as it did over the attributes.
 */
export function Icon({ icon, className }: { icon: IconNode; className?: string }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className ? `site-icon ${className}` : 'site-icon'}
    >
      {icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
