/** A refusal of the control API or the hosted page, in the harness's shape `{ message, code }`. */
export class ControlError extends Error {
  override name = 'ControlError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request') => new ControlError(400, message, code);
export const notFound = (message: string, code = 'not_found') => new ControlError(404, message, code);
export const conflict = (message: string, code = 'conflict') => new ControlError(409, message, code);
