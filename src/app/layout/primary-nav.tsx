import { Link, useLocation } from 'wouter';
import { navLabels } from '../../content/layout.ts';
import { navPages, pageNameForPath, paths } from '../../shared/navigation/paths.ts';

interface PrimaryNavProps {
  /** The `<nav>` element's classes (the header hides it below `lg`). */
  className: string;
  listClassName: string;
  linkClassName: string;
  /** Added to the link of the page shown, which is also marked `aria-current="page"`. */
  activeClassName: string;
  /** Called when a link is followed (the mobile menu closes). */
  onNavigate?: () => void;
}

/** The primary navigation: a link to each of the site's pages, in the header and in the mobile menu. */
export function PrimaryNav({
  className,
  listClassName,
  linkClassName,
  activeClassName,
  onNavigate,
}: PrimaryNavProps) {
  const [location] = useLocation();
  const current = pageNameForPath(location);
  return (
    <nav aria-label={navLabels.primaryNav} className={className}>
      <ul className={listClassName}>
        {navPages.map((page) => (
          <li key={page}>
            <Link
              href={paths[page]}
              className={`${linkClassName} ${page === current ? activeClassName : ''}`}
              aria-current={page === current ? 'page' : undefined}
              onClick={onNavigate}
            >
              {page}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
