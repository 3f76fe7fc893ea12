import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../errors.ts';

/** What an HTML form without files sends. */
const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * `preParsing` hook of the pages' form posts (Pay, Cancel): the body is the form's own encoding, or there is none.
 * JSON, multipart, text or any other body did not come from the page and is refused with a 400 before it is read: a
 * JSON body carries no form field, so it used to pay as if the buyer had left the e-mail as prefilled.
 */
export async function formBodyOnly(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type'];
  // `split` with a separator always gives at least one piece: the media type is the text before the first `;`.
  const media = typeof type === 'string' ? type.split(';')[0]!.trim().toLowerCase() : null;
  if (media === FORM_TYPE) return;
  const length = request.headers['content-length'];
  const hasBody =
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (media === null && !hasBody) return;
  throw new BadRequestError(
    `This form is posted as ${FORM_TYPE}; a body of type ${JSON.stringify((media ?? 'none').slice(0, 100))} was refused`,
    'invalid_body',
  );
}
