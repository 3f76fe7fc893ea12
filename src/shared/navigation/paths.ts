/**
 * The site's pages: name → path. Routes, links and page-visit logs all read this table. Page names are matched
 * case-insensitively (docs/requirements.md, "Screens and routes"): `/pricing` is Pricing.
 */
export const pageNames = [
  'Index',
  'Challenges',
  'Solutions',
  'Results',
  'Process',
  'Pricing',
  'PaymentSuccess',
] as const;

export type PageName = (typeof pageNames)[number];

export const paths: Record<PageName, string> = {
  Index: '/',
  Challenges: '/Challenges',
  Solutions: '/Solutions',
  Results: '/Results',
  Process: '/Process',
  Pricing: '/Pricing',
  PaymentSuccess: '/PaymentSuccess',
};

/** Pages linked from the header and the footer, in order. */
export const navPages = [
  'Challenges',
  'Solutions',
  'Results',
  'Process',
  'Pricing',
] as const satisfies PageName[];

const SLASH = 0x2f;
const byLowerName = new Map<string, PageName>(pageNames.map((name) => [name.toLowerCase(), name]));

/** The canonical page name of a path (`/` and `/index` → Index; `/pricing/` → Pricing), or null for any other path. */
export function pageNameForPath(path: string): PageName | null {
  // A loop, not /\/+$/: that regular expression backtracks quadratically on a long run of slashes followed by anything.
  let end = path.length;
  // At 0, charCodeAt(-1) is NaN: the loop stops there.
  while (path.charCodeAt(end - 1) === SLASH) end--;
  const trimmed = path.slice(0, end);
  if (trimmed === '') return 'Index';
  // No page name holds a slash: a path with a second one finds no name below.
  if (!trimmed.startsWith('/')) return null;
  return byLowerName.get(trimmed.slice(1).toLowerCase()) ?? null;
}
