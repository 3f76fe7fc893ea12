import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** A new page starts at its top (the browser does this for full loads; client-side navigation must do it itself). */
export function useScrollToTopOnNavigate(): void {
  const [location] = useLocation();
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);
}
