import { staticRegion } from '../static-region.tsx';

/** The footer's links and contact details: adopted from the prerendered HTML, or rendered from their own chunk. */
export const footerRegion = staticRegion('footer', () =>
  import(/* webpackChunkName: "content-footer" */ './footer-details.tsx').then((m) => m.FooterDetails),
);
