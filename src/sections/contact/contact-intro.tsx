import { SectionHeading } from '../../components/section-heading.tsx';
import { contactSection } from '../../content/contact.ts';

/** The contact section's heading (a static region). */
export function ContactIntro() {
  return (
    <SectionHeading id="contact-title" eyebrow={contactSection.eyebrow} title={contactSection.title}>
      {contactSection.intro}
    </SectionHeading>
  );
}
