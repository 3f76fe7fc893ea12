import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { layout } from '../../content/layout.ts';
import { pageNameForPath, paths } from './paths.ts';

/** How long Book A Call waits for the home page to show its contact section (its code may still be loading). */
const waitForContactMs = 10_000;

function scrollToContact(): void {
  const target = document.getElementById(layout.contactSectionId);
  if (!target) return;
  // The sections above are laid out now (not when they come into view), so that the scroll ends at the section.
  document.documentElement.dataset.layoutAll = '';
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}

/** Scrolls to the contact section as soon as it is on the page, giving up after `waitForContactMs`. */
function scrollToContactWhenShown(): void {
  if (document.getElementById(layout.contactSectionId)) {
    scrollToContact();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!document.getElementById(layout.contactSectionId)) return;
    stop();
    // One frame later, the page above it has its final height.
    window.requestAnimationFrame(scrollToContact);
  });
  const timer = window.setTimeout(() => stop(), waitForContactMs);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * Book A Call (docs/requirements.md, "Screens and routes"): scroll to the last section of the home page, navigating
 * home first when elsewhere; the scroll happens 100 ms after the navigation, or once the home page has rendered when
 * its code is still loading then.
 */
export function useBookACall(): () => void {
  const [location, navigate] = useLocation();
  return useCallback(() => {
    if (pageNameForPath(location) === 'Index') {
      scrollToContact();
      return;
    }
    navigate(paths.Index);
    window.setTimeout(scrollToContactWhenShown, layout.scrollAfterNavigationMs);
  }, [location, navigate]);
}

/** The href of Book A Call links, for people without JavaScript and for "open in new tab". */
export const bookACallHref = `${paths.Index}#${layout.contactSectionId}`;
