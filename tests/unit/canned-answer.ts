/** What a faked `fetch` answers a unit test's request: a status and a JSON body, or 'hang' (never, until aborted). */
export type CannedAnswer = [status: number, body: unknown] | 'hang';

/** The `Response` of a canned answer; a hanging one rejects as `fetch` does once the request's signal aborts. */
export function cannedResponse(answer: CannedAnswer, signal?: AbortSignal | null): Promise<Response> {
  if (answer === 'hang') {
    return new Promise<Response>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  }
  const [status, body] = answer;
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}
