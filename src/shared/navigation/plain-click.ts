/** The parts of a click (a DOM or a React event) that say what the visitor asked the browser for. */
export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * A click on a link that the site may route itself: the main button, no modifier key (new tab, new window, download)
 * and not already handled, on a link that opens in this tab and does not download. Every other click is left to the
 * browser. One rule for the Book A Call links and the links inside adopted regions.
 */
export function isPlainLinkClick(
  event: ClickLike,
  anchor: Pick<HTMLAnchorElement, 'target' | 'hasAttribute'>,
): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  return !anchor.target && !anchor.hasAttribute('download');
}
