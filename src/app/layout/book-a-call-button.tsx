import type { MouseEvent } from 'react';
import { navLabels } from '../../content/layout.ts';
import { isPlainLinkClick } from '../../shared/navigation/plain-click.ts';
import { bookACallHref, useBookACall } from '../../shared/navigation/use-book-a-call.ts';

/** The header's Book A Call: a link to the home page's contact section, scrolled to after navigation. */
export function BookACallButton({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const bookACall = useBookACall();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainLinkClick(event, event.currentTarget)) return;
    event.preventDefault();
    onNavigate?.();
    bookACall();
  };
  return (
    <a href={bookACallHref} className={className} onClick={onClick}>
      {navLabels.bookACall}
    </a>
  );
}
