import { region } from '../../hydration/index.ts';

/** The footer's links and contact details: adopted from the prerendered HTML, or rendered from their own chunk. */
export const footerRegion = region({ layout: 'footer' }, () =>
  import(/* webpackChunkName: "content-footer" */ './footer-details.tsx').then((m) => m.FooterDetails),
);
