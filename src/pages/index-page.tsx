import { Region, region } from '../hydration/index.ts';
import { ContactSection } from '../sections/contact/contact-section.tsx';

const homeSections = region({ page: 'Index' }, () =>
  import(/* webpackChunkName: "content-Index" */ '../sections/home/home-sections.tsx').then(
    (m) => m.HomeSections,
  ),
);

/**
 * The home page (docs/requirements.md, "Screens and routes"). The contact section must stay last: Book A Call scrolls
 * to it.
 */
export function IndexPage() {
  return (
    <>
      <Region of={homeSections} />
      <ContactSection />
    </>
  );
}
