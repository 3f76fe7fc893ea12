import { useEffect, useRef, useState } from 'react';
import { clockTime, type LogEntry } from './bridge-messages.ts';

interface Props {
  entries: readonly LogEntry[];
  onClear: () => void;
}

/** Every message that reached the shell, newest at the bottom; ignored ones are dimmed and say why. */
export function BridgeLogPanel({ entries, onClear }: Props) {
  const [showIgnored, setShowIgnored] = useState(true);
  const list = useRef<HTMLOListElement>(null);
  const visible = showIgnored ? entries : entries.filter((entry) => !entry.rejected);

  // Follow the tail unless the reader scrolled up.
  useEffect(() => {
    const element = list.current;
    if (!element || visible.length === 0) return;
    const nearBottom = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
    if (nearBottom) element.scrollTop = element.scrollHeight;
  }, [visible.length]);

  return (
    <section className="es-panel es-panel-log" aria-labelledby="es-log-title">
      <header className="es-panel-bar">
        <h2 id="es-log-title">Bridge log</h2>
        <span className="es-count">{entries.length}</span>
        <label className="es-check es-push">
          <input
            type="checkbox"
            checked={showIgnored}
            onChange={(event) => setShowIgnored(event.target.checked)}
          />
          show ignored
        </label>
        <button type="button" className="es-button es-button-small" onClick={onClear}>
          Clear
        </button>
      </header>
      <ol className="es-log" data-testid="bridge-log" ref={list} aria-live="polite">
        {visible.length === 0 ? <li className="es-empty">No messages yet.</li> : null}
        {visible.map((entry) => (
          <li
            key={entry.id}
            className={`es-log-entry${entry.rejected ? ' es-log-ignored' : ''}${entry.leak ? ' es-log-leak' : ''}`}
            data-type={entry.type}
            data-leak={entry.leak ? 'true' : undefined}
          >
            <div className="es-log-head">
              <time dateTime={new Date(entry.at).toISOString()}>{clockTime(entry.at)}</time>
              <span className={`es-type es-type-${typeClass(entry.type)}`}>{entry.type}</span>
              {entry.leak ? <span className="es-leak">token leak (redacted)</span> : null}
              <span className="es-muted es-ellipsis es-push">{entry.origin || '(no origin)'}</span>
            </div>
            {entry.rejected ? <div className="es-log-reason">{entry.rejected}</div> : null}
            <code className="es-log-payload">{entry.payload}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}

function typeClass(type: string): string {
  if (type === 'app_changed_url') return 'url';
  if (type === 'app_error' || type === 'preload-error') return 'error';
  if (type === 'ignored') return 'ignored';
  if (type === 'sandbox:onMounted' || type === 'sandbox:onUnmounted') return 'mount';
  return 'other';
}
