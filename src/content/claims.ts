/** A large number with the short label under it (docs/design.md: numbers are the heroes). */
export interface Figure {
  readonly value: string;
  readonly label: string;
}

/**
 * The claims of docs/requirements.md, "What the product does and for whom", shown on Index (stats strip) and Results
 * (metrics).
 */
export const claims = {
  businesses: { value: '50+', label: 'UK businesses trust us' },
  rating: { value: '4.9/5', label: 'average client rating' },
  recommend: { value: '98%', label: 'would recommend us' },
  hoursSaved: { value: '15+', label: 'hours saved weekly' },
  adminCost: { value: '30-50%', label: 'less admin cost' },
  replies: { value: '2-3x', label: 'faster replies' },
} as const satisfies Record<string, Figure>;

export const claimList: readonly Figure[] = Object.values(claims);

/** "Trusted by 50+ UK businesses". */
export const trustedByLine = `Trusted by ${claims.businesses.value} UK businesses`;
/** "4.9/5 rating". */
export const ratingLine = `${claims.rating.value} rating`;

/** The home page's ROI snapshot (docs/requirements.md, "What the product does and for whom"). */
export const roiSnapshot = {
  eyebrow: 'ROI snapshot',
  title: 'What a typical client gets back',
  intro:
    'The platform pays for itself in time first, then in work won. These are the figures our clients report once they are live.',
  figures: [
    { id: 'time', value: '10+', label: 'hours saved per week' },
    { id: 'leads', value: '30%', label: 'more leads converted' },
    { id: 'tools', value: '£700/month', label: 'in tools replaced' },
  ],
} as const;

export const statsStrip = {
  title: 'Our clients’ results in numbers',
} as const;
