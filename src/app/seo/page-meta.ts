import { brand } from '../../content/brand.ts';
import { noIndexPages, pageSeo, type SeoPage, unlistedPages } from '../../content/seo.ts';
import type { PageName } from '../../shared/navigation/paths.ts';

export interface PageMeta {
  title: string;
  description: string;
  noIndex: boolean;
  /** Listed in `sitemap.xml`. */
  listed: boolean;
}

/** The `<title>` and description of a page (`null` = the 404 page). */
export function pageMeta(page: PageName | null): PageMeta {
  const key: SeoPage = page ?? 'NotFound';
  const { title, description } = pageSeo[key];
  const noIndex = noIndexPages.includes(key);
  return {
    title: `${title} | ${brand.name}`,
    description,
    noIndex,
    listed: !noIndex && !unlistedPages.includes(key),
  };
}
