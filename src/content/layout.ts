/** Behaviour constants of the shared layout (docs/requirements.md, "Business constants and limits"). */
export const layout = {
  /** The header turns opaque once the page is scrolled more than this many pixels. */
  headerOpaqueAfterPx: 50,
  /** Book A Call: delay between navigating home and scrolling to the last section. */
  scrollAfterNavigationMs: 100,
  /** The id of the home page's last section (contact form and booking button). */
  contactSectionId: 'contact',
} as const;

export const navLabels = {
  bookACall: 'Book A Call',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menu: 'Menu',
  primaryNav: 'Primary',
  footerNav: 'Quick links',
  skipToContent: 'Skip to content',
} as const;
