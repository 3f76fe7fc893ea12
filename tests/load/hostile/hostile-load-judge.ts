/** Whether one answer of the hostile-load run is right for its request: a violation message, or null. */
import type { HostileRequest } from './hostile-load-cases.ts';
import type { Answer } from './hostile-load-http.ts';

export function judge(request: HostileRequest, answer: Answer, slowMs: number): string | null {
  if (answer.status === 0) return `no answer: ${answer.error}`;
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 160)}`;
  if (answer.ms > slowMs) return `took ${Math.round(answer.ms)} ms`;
  const ok = answer.status >= 200 && answer.status < 300;
  if (request.expect === '4xx' && (answer.status < 400 || answer.status > 499))
    return `expected a 4xx, got ${answer.status}: ${answer.text.slice(0, 160)}`;
  if (request.expect === '2xx' && !ok)
    return `expected a 2xx, got ${answer.status}: ${answer.text.slice(0, 160)}`;
  if (request.statuses && !request.statuses.includes(answer.status))
    return `expected ${request.statuses.join(' or ')}, got ${answer.status}: ${answer.text.slice(0, 160)}`;
  if (request.answerMatches && !request.answerMatches.test(answer.text))
    return `the answer does not match ${request.answerMatches}: ${answer.text.slice(0, 160)}`;
  // The harness answers errors as JSON {message, code}; the site server in plain text; a backend function with its
  // own body (the project's functions answer {error}), passed through as is.
  const plain = request.method === 'HEAD' || request.raw !== undefined || request.target === 'site';
  const explained = /\/functions\//.test(request.path) ? /"message"|"error"/ : /"message"/;
  if (request.expect === '4xx' && !plain && !explained.test(answer.text))
    return `a ${answer.status} without a message: ${answer.text.slice(0, 120)}`;
  return null;
}
