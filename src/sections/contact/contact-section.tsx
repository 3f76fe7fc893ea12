import { Section } from '../../components/section.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';
import { contactSection } from '../../content/contact.ts';
import { layout } from '../../content/layout.ts';
import { BookingCard } from './booking-card.tsx';
import { ContactForm } from './contact-form.tsx';

/** The home page's last section (id `contact`, the target of every Book A Call): the form and the booking button. */
export function ContactSection() {
  return (
    <Section id={layout.contactSectionId} tone="muted" labelledBy="contact-title">
      <SectionHeading id="contact-title" eyebrow={contactSection.eyebrow} title={contactSection.title}>
        {contactSection.intro}
      </SectionHeading>
      <div className="mt-12 grid gap-6 sm:mt-16 lg:grid-cols-[1.6fr_1fr] lg:gap-8">
        <ContactForm />
        <BookingCard />
      </div>
    </Section>
  );
}
