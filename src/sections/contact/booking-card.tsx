import { CalendarClock, ExternalLink, Mail, Phone } from 'lucide';
import { buttonStyles } from '../../components/button-styles.ts';
import { Icon } from '../../components/icon.tsx';
import { IconBadge } from '../../components/icon-badge.tsx';
import { OfficeHoursItem } from '../../components/office-hours-item.tsx';
import { brand, emailHref, phoneHref } from '../../content/brand.ts';
import { bookingCard } from '../../content/contact.ts';

const contactLink = 'inline-flex min-h-11 items-center gap-3 rounded-lg text-slate-700 hover:text-brand-700';

/** Beside the form: the free 30-minute call on the external scheduling page (new tab), and direct contact details. */
export function BookingCard() {
  return (
    <div className="flex flex-col gap-6">
      <div className="rounded-2xl bg-brand-700 p-6 text-white shadow-lg sm:p-8">
        <IconBadge icon={CalendarClock} className="size-12 bg-white/15" iconClassName="size-6" />
        <h3 className="mt-5 text-xl font-semibold">{bookingCard.title}</h3>
        <p className="mt-2 text-base text-brand-100">{bookingCard.text}</p>
        <a
          href={brand.schedulingUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="booking-link"
          className={`${buttonStyles.onDark} mt-6 w-full`}
        >
          {bookingCard.button}
          <Icon icon={ExternalLink} className="size-4 shrink-0" />
          <span className="sr-only">{` ${bookingCard.newTab}`}</span>
        </a>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
        <h3 className="text-base font-semibold text-slate-900">{bookingCard.orReach}</h3>
        <ul className="mt-3 space-y-1 text-base">
          <li>
            <a href={emailHref} className={contactLink}>
              <Icon icon={Mail} className="size-5 shrink-0 text-brand-600" />
              <span className="break-all">{brand.email}</span>
            </a>
          </li>
          <li>
            <a href={phoneHref} className={contactLink}>
              <Icon icon={Phone} className="size-5 shrink-0 text-brand-600" />
              {brand.phone}
            </a>
          </li>
          <OfficeHoursItem
            className="flex min-h-11 items-center gap-3 text-slate-700"
            iconClassName="size-5 shrink-0 text-brand-600"
          />
        </ul>
      </div>
    </div>
  );
}
