import { region } from '../../hydration/index.ts';

/**
 * The header's logo (the agency's mark and name), which has no behaviour of its own: adopted from the prerendered
 * HTML like the footer's details, or rendered from its own chunk (the header's link around it stays live).
 */
export const logoRegion = region({ layout: 'logo' }, () =>
  import(/* webpackChunkName: "content-logo" */ '../../components/logo.tsx').then((m) => m.Logo),
);
