import { type AvatarDrawing, daveKellettAvatar, priyaShahAvatar, sarahMitchellAvatar } from './avatars.ts';
/**
 * A testimonial (docs/requirements.md, "Entities and their fields"): static display data. `image` is a local
 * illustrated portrait (`avatars.ts`), drawn inline (`components/avatar.tsx`) in the home page's first screen and
 * beside the quote: no page requests or builds a picture for it.
 */
export interface Testimonial {
  readonly name: string;
  readonly role: string;
  readonly company: string;
  readonly image: AvatarDrawing;
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
    image: sarahMitchellAvatar,
    quote:
      'Tenants get an answer straight away, even at ten at night. We have stopped losing viewings to agencies that simply replied first.',
    rating: 5,
    result: 'Viewings booked in minutes',
  },
  {
    name: 'Dave Kellett',
    role: 'Owner',
    company: 'Kellett Plumbing & Heating',
    image: daveKellettAvatar,
    quote:
      'I used to write quotes at the kitchen table after a full day on the tools. Now I send them from the van and the follow-ups happen without me.',
    rating: 5,
    result: 'Evenings free of quoting',
  },
  {
    name: 'Priya Shah',
    role: 'Founder',
    company: 'Willow & Thread',
    image: priyaShahAvatar,
    quote:
      'Every message from every app lands in one place. It is calm now, and my customers notice how quickly we get back to them.',
    rating: 5,
    result: 'One inbox instead of four apps',
  },
] as const satisfies readonly Testimonial[];
