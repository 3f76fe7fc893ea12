import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { layout } from '../../content/layout.ts';
import { pageNameForPath, paths } from '../paths.ts';

function scrollToContact(): void {
  const target = document.getElementById(layout.contactSectionId);
  if (!target) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}

/**
 * Book A Call (spec §2): scroll to the last section of the home page, navigating home first when elsewhere; the scroll
 * happens 100 ms after the navigation, once the home page has rendered.
 */
export function useBookACall(): () => void {
  const [location, navigate] = useLocation();
  return useCallback(() => {
    if (pageNameForPath(location) === 'Index') {
      scrollToContact();
      return;
    }
    navigate(paths.Index);
    window.setTimeout(scrollToContact, layout.scrollAfterNavigationMs);
  }, [location, navigate]);
}

/** The href of Book A Call links, for people without JavaScript and for "open in new tab". */
export const bookACallHref = `${paths.Index}#${layout.contactSectionId}`;
