import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { changedUrlOf, type LogEntry, payloadText, redactTokens, screenMessage } from './bridge-messages.ts';

const MAX_ENTRIES = 500;

export interface BridgeLogOptions {
  siteOrigin: string;
  /** The preview iframe: only its `contentWindow` is trusted. */
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** Every token the shell has handed out, to detect (and hide) a leak. */
  tokens: RefObject<Set<string>>;
  /** Called with the `url` of each accepted `app_changed_url`. */
  onUrlChanged: (url: string) => void;
}

/** Listens to `message` events on the shell's window and keeps the log of what arrived (newest last). */
export function useBridgeLog({ siteOrigin, frameRef, tokens, onUrlChanged }: BridgeLogOptions) {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const nextId = useRef(1);
  const onUrl = useRef(onUrlChanged);
  onUrl.current = onUrlChanged;

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const screened = screenMessage(event, frameRef.current?.contentWindow ?? null, siteOrigin);
      const { text, leak } = redactTokens(payloadText(event.data), tokens.current ?? []);
      const entry: LogEntry = {
        id: nextId.current++,
        at: Date.now(),
        type: screened.type,
        payload: text,
        origin: event.origin,
        rejected: screened.reason,
        leak,
      };
      if (!screened.accepted) console.warn(`[shell] ignored a message: ${screened.reason}`);
      if (leak) console.error('[shell] a bridge message carried an access token (redacted in the log)');
      setEntries((current) => [...current.slice(-(MAX_ENTRIES - 1)), entry]);
      const url = screened.accepted ? changedUrlOf(event.data) : null;
      if (url) onUrl.current(redactTokens(url, tokens.current ?? []).text);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [siteOrigin, frameRef, tokens]);

  const clear = useCallback(() => setEntries([]), []);
  return { entries, clear };
}
