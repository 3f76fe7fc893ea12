import { siteConfig } from '../site-config.ts';

/** The agency's identity and contact details; all configurable at build time (see README, "Configuration"). */
export const brand = {
  name: siteConfig.agencyName,
  tagline: 'Business platforms and automations for UK small businesses',
  email: siteConfig.contactEmail,
  phone: siteConfig.contactPhone,
  address: siteConfig.contactAddress,
  schedulingUrl: siteConfig.schedulingUrl,
} as const;

/** `tel:` link for a UK phone number written with spaces. */
export const phoneHref = `tel:${brand.phone.replace(/[^\d+]/g, '')}`;
export const emailHref = `mailto:${brand.email}`;
