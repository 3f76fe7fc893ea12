/** The site's build-time configuration (validated by `config/site-config.ts`, injected as `__SITE_CONFIG__`). */
export interface SiteConfig {
  /** Platform app id sent as `X-App-Id` (default `local-app`). */
  appId: string;
  /** Platform server origin; `/api` is appended by the platform client (default `http://localhost:4400`). */
  serverUrl: string;
  /** Origins a `server_url` launch parameter may point at; anything else is ignored. */
  serverUrlAllowList: string[];
  /** Editor origins the bridge may post to and that may frame the site. */
  editorOrigins: string[];
  /** Origins (`https://host`, plus the emulator's origin in local builds) checkout may redirect to. */
  checkoutOrigins: string[];
  /** Public origin of the site, for canonical URLs and the sitemap. */
  siteOrigin: string;
  agencyName: string;
  contactEmail: string;
  contactPhone: string;
  contactAddress: string;
  /** External scheduling page for the free 30-minute call. */
  schedulingUrl: string;
}
