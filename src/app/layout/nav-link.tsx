import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { type PageName, pageNameForPath, paths } from '../paths.ts';

interface NavLinkProps {
  page: PageName;
  className: string;
  activeClassName: string;
  onNavigate?: () => void;
  children: ReactNode;
}

/** A link to one of the site's pages, marked `aria-current="page"` while that page is shown. */
export function NavLink({ page, className, activeClassName, onNavigate, children }: NavLinkProps) {
  const [location] = useLocation();
  const active = pageNameForPath(location) === page;
  return (
    <Link
      href={paths[page]}
      className={`${className} ${active ? activeClassName : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    >
      {children}
    </Link>
  );
}
