import daveKellett from '../assets/avatars/dave-kellett.svg';
import priyaShah from '../assets/avatars/priya-shah.svg';
import sarahMitchell from '../assets/avatars/sarah-mitchell.svg';
/**
 * A testimonial (spec §3): static display data. `image` is a local illustrated avatar, imported so that the bundler
 * gives it a hashed URL on the site's own origin (also when `./App` runs inside the editor's document).
 */
export interface Testimonial {
  readonly name: string;
  readonly role: string;
  readonly company: string;
  readonly image: string;
  readonly quote: string;
  /** Stars out of 5. */
  readonly rating: number;
  readonly result: string;
}

export const testimonialsSection = {
  eyebrow: 'Testimonials',
  title: 'In their own words',
  intro: 'Owners who were where you are now.',
  ratingLabel: (rating: number) => `Rated ${rating} out of 5`,
} as const;

export const maxRating = 5;

export const testimonials = [
  {
    name: 'Sarah Mitchell',
    role: 'Managing Director',
    company: 'Harbour Lettings',
    image: sarahMitchell,
    quote:
      'Tenants get an answer straight away, even at ten at night. We have stopped losing viewings to agencies that simply replied first.',
    rating: 5,
    result: 'Viewings booked in minutes',
  },
  {
    name: 'Dave Kellett',
    role: 'Owner',
    company: 'Kellett Plumbing & Heating',
    image: daveKellett,
    quote:
      'I used to write quotes at the kitchen table after a full day on the tools. Now I send them from the van and the follow-ups happen without me.',
    rating: 5,
    result: 'Evenings free of quoting',
  },
  {
    name: 'Priya Shah',
    role: 'Founder',
    company: 'Willow & Thread',
    image: priyaShah,
    quote:
      'Every message from every app lands in one place. It is calm now, and my customers notice how quickly we get back to them.',
    rating: 5,
    result: 'One inbox instead of four apps',
  },
] as const satisfies readonly Testimonial[];
