import { Mail, MapPin, Phone } from 'lucide';
import { Link } from 'wouter';
import { Icon } from '../../components/icon.tsx';
import { Logo } from '../../components/logo.tsx';
import { OfficeHoursItem } from '../../components/office-hours-item.tsx';
import { brand, emailHref, phoneHref } from '../../content/brand.ts';
import { navLabels } from '../../content/layout.ts';
import { navPages, paths } from '../../shared/navigation/paths.ts';

const linkClass = 'rounded text-slate-300 transition-colors duration-150 hover:text-white';

/**
 * The footer's static part (docs/requirements.md, "Screens and routes"): quick links, contact details and office hours.
 */
export function FooterDetails() {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.4fr_1fr_1.2fr] lg:px-8">
      <div className="max-w-sm">
        <Logo tone="light" />
        <p className="mt-4 text-sm leading-6 text-slate-400">{`${brand.tagline}.`}</p>
      </div>
      <nav aria-label={navLabels.footerNav}>
        <h2 className="text-sm font-semibold text-white">{navLabels.footerNav}</h2>
        <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-1 text-sm md:grid-cols-1">
          <li>
            <Link href={paths.Index} className={`${linkClass} inline-flex min-h-9 items-center`}>
              Home
            </Link>
          </li>
          {navPages.map((page) => (
            <li key={page}>
              <Link href={paths[page]} className={`${linkClass} inline-flex min-h-9 items-center`}>
                {page}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div>
        <h2 className="text-sm font-semibold text-white">Contact</h2>
        <ul className="mt-4 space-y-3 text-sm">
          <li className="flex items-center gap-3">
            <Icon icon={Mail} className="size-4 shrink-0 text-brand-300" />
            <a href={emailHref} className={linkClass}>
              {brand.email}
            </a>
          </li>
          <li className="flex items-center gap-3">
            <Icon icon={Phone} className="size-4 shrink-0 text-brand-300" />
            <a href={phoneHref} className={linkClass}>
              {brand.phone}
            </a>
          </li>
          <li className="flex items-center gap-3">
            <Icon icon={MapPin} className="size-4 shrink-0 text-brand-300" />
            <span>{brand.address}</span>
          </li>
          <OfficeHoursItem
            className="flex items-center gap-3"
            iconClassName="size-4 shrink-0 text-brand-300"
          />
        </ul>
      </div>
    </div>
  );
}
