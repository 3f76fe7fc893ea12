/**
 * The origin to post to: the parent's origin when it is on the editor allow-list, verified against
 * `location.ancestorOrigins[0]` or `document.referrer`; null when not framed or the parent is unknown
 * (docs/security.md, "Token and bridge").
 */
export function resolveParentOrigin(win: Window, editorOrigins: readonly string[]): string | null {
  let framed: boolean;
  try {
    framed = win.parent !== win;
  } catch {
    framed = true;
  }
  if (!framed) return null;
  const ancestor = win.location.ancestorOrigins?.[0];
  const candidate = ancestor ?? originOf(win.document.referrer);
  return candidate && editorOrigins.includes(candidate) ? candidate : null;
}

/** The origin of `url`; null when it is not an absolute URL (an empty referrer is not). */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } /* Stryker disable next-line BlockStatement: without it, undefined is no editor origin either */ catch {
    return null;
  }
}
