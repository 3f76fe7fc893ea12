/** Case 2: the mobile menu at 390x844 (as tests/e2e/layout/mobile-menu.spec.ts does it in Chromium). */
import type { Page } from 'puppeteer-core';
import { navLabels } from '../../../src/content/layout.ts';
import { byRole, hydrated, type Session } from '../browser.ts';
import { SITE, viewports } from '../constants.ts';
import { until } from '../wait.ts';

const toggle = byRole('button', navLabels.openMenu);
const dialog = byRole('dialog', navLabels.menu);

/** What a visitor (and assistive technology) can tell about the menu and the focus. */
function menuState(page: Page) {
  return page.evaluate((label) => {
    const panel = document.querySelector<HTMLDialogElement>(`dialog[aria-label="${label}"]`);
    const active = document.activeElement;
    return {
      open: Boolean(panel?.open && panel.checkVisibility()),
      // Modal as the browser means it (`showModal()`): the rest of the page is inert.
      modal: Boolean(panel?.matches(':modal')),
      focus:
        !active || active === document.body
          ? 'the page (body)'
          : (active.getAttribute('aria-label') ??
            `${active.tagName}: ${active.textContent?.trim().slice(0, 40)}`),
      focusInMenu: Boolean(panel && active && panel.contains(active)),
      path: location.pathname,
    };
  }, navLabels.menu);
}

export async function mobileMenu(session: Session): Promise<void> {
  const page = await session.newPage(viewports.mobile);
  await page.goto(`${SITE}/`);
  await hydrated(page);

  await page.locator(toggle).click();
  await page.waitForSelector(dialog, { visible: true });
  await until(
    'the open menu is a modal dialog holding the focus',
    () => menuState(page),
    (state) => state.open && state.modal && state.focusInMenu,
  );
  await page.locator(`${dialog} ${byRole('link', 'Results')}`).click();
  await until(
    'a link in the menu navigates and closes it',
    () => menuState(page),
    (state) => state.path === '/Results' && !state.open,
  );
  await hydrated(page);

  await page.locator(toggle).click();
  await until(
    'the menu opens again',
    () => menuState(page),
    (state) => state.open,
  );
  await page.keyboard.press('Escape');
  await until(
    'Escape closes the menu and gives the focus back to the menu button',
    () => menuState(page),
    (state) => !state.open && state.focus === navLabels.openMenu && state.path === '/Results',
  );
}
