/** Every function's error answers: `{ error, code }`, a short message for people and a stable code for programs. */
export function errorResponse(
  status: number,
  message: string,
  code: string,
  headers?: HeadersInit,
): Response {
  return Response.json({ error: message, code }, { status, headers });
}
