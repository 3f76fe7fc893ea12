/**
 * Slow clients (docs/security.md, "Servers of the harness and the backend functions"): requests whose request line,
 * headers or body arrive one byte at a time, or whose body never starts, against both servers. The runner starts them
 * beside the mix, so the mix's own answer times show that everyone else is served meanwhile; each must be cut with a
 * 408 and `Connection: close`.
 */
import type { ServerTimeouts } from '../../../host-harness/src/serving/server-timeouts.ts';
import type { CaseContext, HostileRequest } from './hostile-load-cases.ts';

/**
 * The bounds the run gives both servers: short, so that a slow client is cut within seconds, yet well above the 2 s a
 * `$regex` probe may hold the event loop (a request that arrived meanwhile must not be cut for it).
 */
export const LOAD_TIMEOUTS = {
  headersMs: 3_000,
  requestMs: 5_000,
  checkIntervalMs: 250,
} satisfies Partial<ServerTimeouts>;
/** One byte this often: fast enough to keep a connection busy, far too slow to finish within the bounds. */
const EVERY_MS = 700;
/** A slow client still connected this long after it started was never cut. */
const GIVE_UP_MS = LOAD_TIMEOUTS.requestMs + 5_000;

type Variant = [label: string, target: 'harness' | 'site', head: string, drip: string];

/** One request of each kind of slow client; `round` tells the labels of repeated rounds apart. */
export function slowClients(ctx: CaseContext, round: number): HostileRequest[] {
  const harness = `127.0.0.1:${ctx.harnessPort}`;
  const api = `/api/apps/${ctx.app}`;
  const post = (path: string, type: string, body: string) =>
    `POST ${path} HTTP/1.1\r\nHost: ${harness}\r\nAuthorization: Bearer ${ctx.userToken}\r\n` +
    `Content-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  const record = JSON.stringify({ run: ctx.runId, slow: 'x'.repeat(100) });
  const boundary = 'slow-client-boundary';
  const upload =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\n` +
    `Content-Type: text/plain\r\n\r\n${'y'.repeat(100)}\r\n--${boundary}--\r\n`;
  const login = JSON.stringify({ email: 'user@example.com', password: 'user1234' });
  const sitePage = `GET /Pricing HTTP/1.1\r\nHost: 127.0.0.1:${ctx.sitePort}\r\n\r\n`;
  const variants: Variant[] = [
    [
      'record body, a byte at a time',
      'harness',
      post(`${api}/entities/${ctx.victimEntity}`, 'application/json', record),
      record,
    ],
    [
      'upload body, a byte at a time',
      'harness',
      post(
        `${api}/integration-endpoints/Core/UploadFile`,
        `multipart/form-data; boundary=${boundary}`,
        upload,
      ),
      upload,
    ],
    ['login body that never starts', 'harness', post(`${api}/auth/login`, 'application/json', login), ''],
    [
      'headers, a byte at a time',
      'harness',
      `GET /__harness/health HTTP/1.1\r\nHost: ${harness}\r\nX-Slow: `,
      'z'.repeat(100),
    ],
    [
      'site headers, a byte at a time',
      'site',
      `GET / HTTP/1.1\r\nHost: 127.0.0.1:${ctx.sitePort}\r\nX-Slow: `,
      'z'.repeat(100),
    ],
    ['site request line, a byte at a time', 'site', sitePage.slice(0, 1), sitePage.slice(1)],
  ];
  return variants.map(([label, target, head, bytes]) => ({
    category: 'slow-clients',
    label: `${label} (round ${round})`,
    method: 'RAW',
    path: label,
    raw: head,
    drip: { bytes, everyMs: EVERY_MS, giveUpMs: GIVE_UP_MS },
    target,
    expect: '4xx',
    statuses: [408],
    answerMatches: /\r\nConnection: close\r\n/i,
  }));
}
