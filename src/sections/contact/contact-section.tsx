import { Region, staticRegion } from '../../app/static-region.tsx';
import { Section } from '../../components/section.tsx';
import { layout } from '../../content/layout.ts';
import { ContactForm } from './contact-form.tsx';

const intro = staticRegion('Index-contact-intro', () =>
  import(/* webpackChunkName: "content-Index" */ './contact-intro.tsx').then((m) => m.ContactIntro),
);
const bookingCard = staticRegion('Index-booking-card', () =>
  import(/* webpackChunkName: "content-Index" */ './booking-card.tsx').then((m) => m.BookingCard),
);

/** The static regions of the contact section (the heading, and the booking card beside the form). */
export const contactRegions = [intro, bookingCard];

/** The home page's last section (id `contact`, the target of every Book A Call): the form and the booking button. */
export function ContactSection() {
  return (
    <Section id={layout.contactSectionId} tone="muted" labelledBy="contact-title">
      <Region of={intro} />
      <div className="mt-12 grid gap-6 sm:mt-16 lg:grid-cols-[1.6fr_1fr] lg:gap-8">
        <ContactForm />
        <Region of={bookingCard} />
      </div>
    </Section>
  );
}
