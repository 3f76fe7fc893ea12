import type { LogEntry } from './bridge-messages.ts';
import { clockTime } from './bridge-messages.ts';

interface ErrorDetails {
  title?: unknown;
  details?: unknown;
  componentName?: unknown;
  stack?: unknown;
}

interface Props {
  /** Accepted `app_error` entries (a part that failed to load arrives as one too). */
  entries: readonly LogEntry[];
  onClear: () => void;
}

function detailsOf(entry: LogEntry): ErrorDetails {
  try {
    const parsed = JSON.parse(entry.payload) as { error?: ErrorDetails };
    return typeof parsed.error === 'object' && parsed.error !== null ? parsed.error : {};
  } catch {
    return { details: entry.payload };
  }
}

const text = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : String(value);

/**
 * The site's reported failures, as the platform's editor lists them: `app_error` (unhandled errors, and a page or a
 * part of the remote that failed to load).
 */
export function ErrorsPanel({ entries, onClear }: Props) {
  return (
    <section className="es-panel es-panel-errors" aria-labelledby="es-errors-title">
      <header className="es-panel-bar">
        <h2 id="es-errors-title">Errors</h2>
        <span className={`es-count${entries.length ? ' es-count-alert' : ''}`}>{entries.length}</span>
        <button type="button" className="es-button es-button-small es-push" onClick={onClear}>
          Clear
        </button>
      </header>
      <ol className="es-errors" data-testid="errors-panel">
        {entries.length === 0 ? <li className="es-empty">No errors reported.</li> : null}
        {entries.map((entry) => {
          const error = detailsOf(entry);
          const stack = text(error.stack);
          return (
            <li key={entry.id} className="es-error-entry" data-type={entry.type}>
              <div className="es-log-head">
                <time dateTime={new Date(entry.at).toISOString()}>{clockTime(entry.at)}</time>
                <span className="es-type es-type-error">{entry.type}</span>
                {text(error.componentName) ? (
                  <span className="es-muted">in {text(error.componentName)}</span>
                ) : null}
              </div>
              <strong className="es-error-title">{text(error.title) ?? '(no title)'}</strong>
              {text(error.details) ? <p className="es-error-details">{text(error.details)}</p> : null}
              {stack ? (
                <details>
                  <summary>stack</summary>
                  <pre>{stack}</pre>
                </details>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
