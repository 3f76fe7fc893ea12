/** The agency's opening days and hours (24-hour clock), written once for the page and for search engines. */
const days = { first: 'Monday', last: 'Friday' } as const;
const hours = { opens: 9, closes: 17 } as const;

const clock12 = (hour: number) => `${hour % 12 || 12}${hour < 12 ? 'am' : 'pm'}`;
const clock24 = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const dayNames = (letters: number) => `${days.first.slice(0, letters)}-${days.last.slice(0, letters)}`;

/**
 * Office hours: shown on the page (footer, booking card) as "Mon-Fri 9am-5pm", and in the home page's JSON-LD
 * as schema.org's `openingHours`, "Mo-Fr 09:00-17:00".
 */
export const officeHours = {
  label: 'Office hours',
  text: `${dayNames(3)} ${clock12(hours.opens)}-${clock12(hours.closes)}`,
  openingHours: `${dayNames(2)} ${clock24(hours.opens)}-${clock24(hours.closes)}`,
} as const;
