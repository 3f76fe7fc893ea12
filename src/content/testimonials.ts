import daveKellettSvg from '../assets/avatars/dave-kellett.svg?source';
import priyaShahSvg from '../assets/avatars/priya-shah.svg?source';
import sarahMitchellSvg from '../assets/avatars/sarah-mitchell.svg?source';
import { svgDataUrl } from './svg-data-url.ts';
/**
 * A testimonial (docs/requirements.md §3): static display data. `image` is a local illustrated avatar as a `data:` URL: the home
 * page's first screen shows the avatars, and a page requests nothing before its first paint (they are small; a URL of
 * its own would also be fetched early further down a page, since lazy pictures near the viewport load at once).
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
    image: svgDataUrl(sarahMitchellSvg),
    quote:
      'Tenants get an answer straight away, even at ten at night. We have stopped losing viewings to agencies that simply replied first.',
    rating: 5,
    result: 'Viewings booked in minutes',
  },
  {
    name: 'Dave Kellett',
    role: 'Owner',
    company: 'Kellett Plumbing & Heating',
    image: svgDataUrl(daveKellettSvg),
    quote:
      'I used to write quotes at the kitchen table after a full day on the tools. Now I send them from the van and the follow-ups happen without me.',
    rating: 5,
    result: 'Evenings free of quoting',
  },
  {
    name: 'Priya Shah',
    role: 'Founder',
    company: 'Willow & Thread',
    image: svgDataUrl(priyaShahSvg),
    quote:
      'Every message from every app lands in one place. It is calm now, and my customers notice how quickly we get back to them.',
    rating: 5,
    result: 'One inbox instead of four apps',
  },
] as const satisfies readonly Testimonial[];
