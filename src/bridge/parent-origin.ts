/**
 * The origin to post to: the parent's origin when it is on the editor allow-list, verified against
 * `location.ancestorOrigins[0]` or `document.referrer`; null when not framed or the parent is unknown (security rule 1).
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

function originOf(url: string): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
