import type { MouseEvent, ReactNode } from 'react';
import { isPlainLinkClick } from '../shared/navigation/plain-click.ts';
import { bookACallHref, useBookACall } from '../shared/navigation/use-book-a-call.ts';

/** A call to action that goes to the home page's contact section (navigating home first, then scrolling). */
export function BookCallLink({ className, children }: { className: string; children: ReactNode }) {
  const bookACall = useBookACall();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainLinkClick(event, event.currentTarget)) return;
    event.preventDefault();
    bookACall();
  };
  return (
    <a href={bookACallHref} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
