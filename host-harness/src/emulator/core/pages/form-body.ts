import type { FastifyRequest } from 'fastify';
import { formBodyRefusal } from '../../../serving/form-body.ts';
import { BadRequestError } from '../errors.ts';

/** `preParsing` hook of the pages' form posts: a body other than the form's own is a 400 before it is read. */
export async function formBodyOnly(request: FastifyRequest): Promise<void> {
  const problem = formBodyRefusal(request.headers);
  if (problem) throw new BadRequestError(problem, 'invalid_body');
}
