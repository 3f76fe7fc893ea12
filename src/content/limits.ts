/** Limits of the site's notices (docs/requirements.md, "Business constants and limits"). */
export const toastLimits = {
  /** At most this many notices are kept at once; the oldest go first. */
  maxToasts: 20,
  /** A dismissed notice leaves the store this long after it is closed. */
  removeDelayMs: 1_000_000,
} as const;
