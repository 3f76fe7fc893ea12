import type { IncomingHttpHeaders } from 'node:http';

/** What an HTML form without files sends. */
const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Why a page's form post (sign-in, Pay, Cancel) is refused, or null: its body is the form's own encoding, or there is
 * none. JSON, multipart, text or any other body did not come from the page: a JSON body carries no form field, so it
 * once paid as if the buyer had left the e-mail as prefilled.
 */
export function formBodyRefusal(headers: IncomingHttpHeaders): string | null {
  const type = headers['content-type'];
  // `split` with a separator always gives at least one piece: the media type is the text before the first `;`.
  const media = typeof type === 'string' ? type.split(';')[0]!.trim().toLowerCase() : null;
  if (media === FORM_TYPE) return null;
  const length = headers['content-length'];
  const hasBody = headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (media === null && !hasBody) return null;
  return `This form is posted as ${FORM_TYPE}; a body of type ${JSON.stringify((media ?? 'none').slice(0, 100))} was refused`;
}
