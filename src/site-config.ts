import type { SiteConfig } from './site-config-types.ts';

declare const __SITE_CONFIG__: SiteConfig;

/** The validated build-time configuration. Only the app layer reads it; `platform` and `bridge` receive values. */
export const siteConfig: SiteConfig = __SITE_CONFIG__;
