import type { PageModule } from '../app/page-registry.ts';
import { Region, staticRegion } from '../app/static-region.tsx';
import { ContactSection, contactRegions } from '../sections/contact/contact-section.tsx';

const homeSections = staticRegion('Index', () =>
  import(/* webpackChunkName: "content-Index" */ '../sections/home/home-sections.tsx').then(
    (m) => m.HomeSections,
  ),
);

/** The home page (spec §2). The contact section must stay last: Book A Call scrolls to it. */
export function IndexPage() {
  return (
    <>
      <Region of={homeSections} />
      <ContactSection />
    </>
  );
}

export const indexPage: PageModule = { Page: IndexPage, regions: [homeSections, ...contactRegions] };
