import type { IconNode } from 'lucide';
import { createElement } from 'react';

/**
 * A Lucide icon, decorative (hidden from assistive technology: the text beside it says what it means). The icons'
 * shapes come from the `lucide` package as plain data, so that a page ships a few hundred bytes per icon and no icon
 * runtime. No `xmlns`: an `<svg>` in an HTML page (or made by React) is in the SVG namespace without one.
 */
export function Icon({ icon, className }: { icon: IconNode; className?: string }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
