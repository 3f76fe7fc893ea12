/**
 * `pageMeta` (src/app/seo/page-meta.ts): a page's `<title>` (its SEO title and the agency's name), its description,
 * whether search engines may index it, and whether `sitemap.xml` lists it. `null` is the 404 page.
 */
import { describe, expect, it } from 'vitest';
import { pageMeta } from '../../../../src/app/seo/page-meta.ts';
import { brand } from '../../../../src/content/brand.ts';
import { pageSeo } from '../../../../src/content/seo.ts';
import { pageNames } from '../../../../src/shared/navigation/paths.ts';

describe('pageMeta', () => {
  it("titles a page with its SEO title and the agency's name", () => {
    expect(brand.name).toBe('Fieldstone Digital');
    expect(pageMeta('Results')).toEqual({
      title: 'Results our clients measured | Fieldstone Digital',
      description: pageSeo.Results.description,
      noIndex: false,
      listed: true,
    });
  });

  it('lists and lets search engines index every page but the payment confirmation', () => {
    const listed = pageNames.filter((name) => name !== 'PaymentSuccess');
    for (const name of listed) {
      expect(pageMeta(name), name).toEqual({
        title: `${pageSeo[name].title} | ${brand.name}`,
        description: pageSeo[name].description,
        noIndex: false,
        listed: true,
      });
    }
  });

  it('leaves the payment confirmation out of the sitemap, but indexable', () => {
    expect(pageMeta('PaymentSuccess')).toEqual({
      title: `Payment received | ${brand.name}`,
      description: pageSeo.PaymentSuccess.description,
      noIndex: false,
      listed: false,
    });
  });

  it('gives the 404 page (null) its own title, noindex, and no place in the sitemap', () => {
    expect(pageMeta(null)).toEqual({
      title: `${pageSeo.NotFound.title} | ${brand.name}`,
      description: 'The page you were looking for could not be found.',
      noIndex: true,
      listed: false,
    });
  });
});
