import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { type ButtonVariant, buttonStyles } from './button-styles.ts';

/** A client-side link styled as one of the site's buttons. */
export function ButtonLink({
  href,
  variant = 'primary',
  className = '',
  children,
}: {
  href: string;
  variant?: ButtonVariant;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link href={href} className={`${buttonStyles[variant]} ${className}`}>
      {children}
    </Link>
  );
}
