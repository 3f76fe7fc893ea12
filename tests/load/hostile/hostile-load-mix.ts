/** The mix of the hostile-load run: which categories of request it draws, and how often. */
import { type CaseContext, type Category, type HostileRequest, validWrite } from './hostile-load-cases.ts';
import { headerLineBreaks, offContractBodies } from './hostile-load-contract.ts';
import { crossSiteFunctions, miniflareLoopback } from './hostile-load-functions.ts';
import { batchOneBad, jsonBounds, registerOwnedFields } from './hostile-load-inputs.ts';
import { paymentRequests } from './hostile-load-payments.ts';
import { crossOriginControl, foreignHost, foreignSocket, longSlashPaths } from './hostile-load-perimeter.ts';
import {
  badContentTypes,
  badMethods,
  hostileAuth,
  oversizedHeaders,
  rawHttp,
  unknownRoutes,
} from './hostile-load-protocol.ts';
import { uploadFileNames } from './hostile-load-uploads.ts';
import {
  deepNesting,
  hugeBody,
  invalidJson,
  pathTraversal,
  prototypePollution,
  qInjection,
  regex,
  wrongTypes,
} from './hostile-load-variants.ts';

/** Weights of the mix: about a quarter valid writes, the rest hostile. */
const MIX: [Category, number, (ctx: CaseContext) => HostileRequest][] = [
  ['valid-create', 12, (ctx) => validWrite(ctx, 'valid-create')],
  ['valid-update', 8, (ctx) => validWrite(ctx, 'valid-update')],
  ['valid-inc', 5, (ctx) => validWrite(ctx, 'valid-inc')],
  ['invalid-json', 8, invalidJson],
  ['wrong-types', 9, wrongTypes],
  ['huge-body', 2, hugeBody],
  ['q-injection', 10, qInjection],
  ['regex', 3, regex],
  ['prototype-pollution', 6, prototypePollution],
  ['deep-nesting', 4, deepNesting],
  ['path-traversal', 8, pathTraversal],
  ['upload-file-names', 4, uploadFileNames],
  ['unknown-routes', 6, unknownRoutes],
  ['bad-methods', 4, badMethods],
  ['bad-content-types', 6, badContentTypes],
  ['oversized-headers', 3, oversizedHeaders],
  ['hostile-auth', 4, hostileAuth],
  ['raw-http', 2, rawHttp],
  ['foreign-host', 4, foreignHost],
  ['cross-origin-control', 4, crossOriginControl],
  ['foreign-socket', 2, foreignSocket],
  ['register-owned-fields', 1, registerOwnedFields],
  ['json-bounds', 2, jsonBounds],
  ['batch-one-bad', 3, batchOneBad],
  ['long-slash-paths', 3, longSlashPaths],
  ['header-line-breaks', 4, headerLineBreaks],
  ['off-contract-bodies', 5, offContractBodies],
  ['cross-site-functions', 3, crossSiteFunctions],
  ['miniflare-loopback', 3, miniflareLoopback],
  ['payment-requests', 3, paymentRequests],
];
/** Slow clients run beside the mix, not in it: one of each kind per this many requests (at least one). */
export const REQUESTS_PER_SLOW_ROUND = 1_500;
const TOTAL_WEIGHT = MIX.reduce((sum, [, w]) => sum + w, 0);

/** One request of the mix, drawn by weight. */
export function draw(ctx: CaseContext): HostileRequest {
  let roll = ctx.rng.next() * TOTAL_WEIGHT;
  for (const [, weight, make] of MIX) {
    roll -= weight;
    if (roll < 0) return make(ctx);
  }
  return MIX[0]![2](ctx);
}
