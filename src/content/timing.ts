/**
 * Durations that several texts share (docs/requirements.md, "Business constants and limits"), each written once: the
 * free call's length and the one-day promise (reply, contact after payment, and the middle follow-up reminder).
 */
const callMinutes = 30;

export const callLength = {
  /** "30 min", as the process step shows it. */
  short: `${callMinutes} min`,
  /** "30-minute", as in "a free 30-minute call". */
  adjective: `${callMinutes}-minute`,
} as const;

/** "24 hours": reply promise, contact after payment, and a follow-up reminder. */
export const oneDay = '24 hours';
