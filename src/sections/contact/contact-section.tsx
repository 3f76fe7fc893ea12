import { Section } from '../../components/section.tsx';
import { contactDraftStorageKey } from '../../content/contact-draft.ts';
import { layout } from '../../content/layout.ts';
import { island, Region, region } from '../../hydration/index.ts';

const intro = region({ page: 'Index', part: 'contact-intro' }, () =>
  import(/* webpackChunkName: "content-Index" */ './contact-intro.tsx').then((m) => m.ContactIntro),
);
const bookingCard = region({ page: 'Index', part: 'booking-card' }, () =>
  import(/* webpackChunkName: "content-Index" */ './booking-card.tsx').then((m) => m.BookingCard),
);

/** True when the visitor has an unsent message to get back (the form restores it as soon as it is live). */
function hasDraft(): boolean {
  try {
    return Boolean(window.sessionStorage.getItem(contactDraftStorageKey));
  } catch {
    return false;
  }
}

/**
 * The form: live once the visitor comes near it or touches it, or at once when a draft waits to be restored. Its code
 * is not part of the page's first load.
 */
const form = island(
  { page: 'Index', part: 'contact-form' },
  () => import(/* webpackChunkName: "contact-form" */ './contact-form.tsx').then((m) => m.ContactForm),
  { wakeAtOnce: hasDraft },
);

/** The home page's last section (id `contact`, the target of every Book A Call): the form and the booking button. */
export function ContactSection() {
  return (
    <Section id={layout.contactSectionId} tone="muted" labelledBy="contact-title">
      <Region of={intro} />
      <div className="mt-12 grid gap-6 sm:mt-16 lg:grid-cols-[1.6fr_1fr] lg:gap-8">
        <Region of={form} />
        <Region of={bookingCard} />
      </div>
    </Section>
  );
}
