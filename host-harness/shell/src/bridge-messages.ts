/**
 * Screening and describing messages that reach the shell's window. Only the preview iframe's own window on the site's
 * origin is trusted (penpal-style: `event.source` and `event.origin`); everything else is logged as ignored.
 */

/** Longest payload text kept for one log entry. */
const MAX_PAYLOAD_CHARS = 8000;

export interface LogEntry {
  id: number;
  /** Milliseconds since the epoch, when the shell received the message. */
  at: number;
  /** The message's `type`, or `ignored` when the sender or the shape was rejected. */
  type: string;
  /** JSON text of the message (capped, with any known token redacted). */
  payload: string;
  origin: string;
  /** Why the message was ignored; null when accepted. */
  rejected: string | null;
  /** True when the payload contained an access token the shell handed out (a leak worth shouting about). */
  leak: boolean;
}

export interface Screened {
  accepted: boolean;
  type: string;
  reason: string | null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Checks the sender (window and origin) and the shape of a message. */
export function screenMessage(
  event: Pick<MessageEvent, 'source' | 'origin' | 'data'>,
  frameWindow: Window | null,
  siteOrigin: string,
): Screened {
  const data: unknown = event.data;
  // A page posts its last message as it goes (`pagehide`): it arrives with no source window any more. Only that
  // message, `sandbox:onUnmounted`, is taken without one (from the site's origin, checked below).
  const leaving = event.source === null && isPlainObject(data) && data.type === 'sandbox:onUnmounted';
  if (!leaving && (!frameWindow || event.source !== frameWindow)) {
    return { accepted: false, type: 'ignored', reason: 'not sent by the preview frame' };
  }
  if (event.origin !== siteOrigin) {
    return {
      accepted: false,
      type: 'ignored',
      reason: `origin ${event.origin || '(none)'} is not ${siteOrigin}`,
    };
  }
  if (!isPlainObject(data) || typeof data.type !== 'string' || !/^[\w.:-]{1,64}$/.test(data.type)) {
    return { accepted: false, type: 'ignored', reason: 'not a bridge message (no known shape)' };
  }
  return { accepted: true, type: data.type, reason: null };
}

/** JSON text of anything (never throws), capped at `MAX_PAYLOAD_CHARS`. */
export function payloadText(data: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(data) ?? String(data);
  } catch {
    text = Object.prototype.toString.call(data);
  }
  return text.length > MAX_PAYLOAD_CHARS ? `${text.slice(0, MAX_PAYLOAD_CHARS)}… (truncated)` : text;
}

/** Replaces every known token in `text`; reports whether one was found. */
export function redactTokens(text: string, tokens: Iterable<string>): { text: string; leak: boolean } {
  let leak = false;
  let result = text;
  for (const token of tokens) {
    if (token && result.includes(token)) {
      leak = true;
      result = result.split(token).join('[ACCESS TOKEN]');
    }
  }
  return { text: result, leak };
}

/** The `url` of an accepted `app_changed_url`, if it has one. */
export function changedUrlOf(data: unknown): string | null {
  return isPlainObject(data) && data.type === 'app_changed_url' && typeof data.url === 'string'
    ? data.url
    : null;
}

/** `HH:MM:SS.mmm` in local time. */
export function clockTime(at: number): string {
  const date = new Date(at);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
