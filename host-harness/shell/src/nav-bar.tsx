import { type FormEvent, useState } from 'react';

interface Props {
  /** The site path last reported by `app_changed_url` (null before the first one). */
  address: string | null;
  siteOrigin: string;
  canGoBack: boolean;
  /** False in the federated view: these controls drive the iframe. */
  enabled: boolean;
  onBack: () => void;
  onReload: () => void;
  /** Returns an error message when the path is refused. */
  onNavigate: (path: string) => string | null;
}

/** The browser-like second row: back, reload, the address the site reports, and a path field to go elsewhere. */
export function NavBar({ address, siteOrigin, canGoBack, enabled, onBack, onReload, onNavigate }: Props) {
  const [path, setPath] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = onNavigate(path);
    setProblem(refused);
    if (!refused) setPath('');
  };

  return (
    <div className="es-navbar">
      <button
        type="button"
        className="es-icon-button"
        aria-label="Back"
        title="Back"
        disabled={!enabled || !canGoBack}
        onClick={onBack}
      >
        <span aria-hidden="true">←</span>
      </button>
      <button
        type="button"
        className="es-icon-button"
        aria-label="Reload"
        title="Reload"
        disabled={!enabled}
        onClick={onReload}
      >
        <span aria-hidden="true">↻</span>
      </button>
      <div className="es-address" title={address ? `${siteOrigin}${address}` : undefined}>
        <span className="es-address-origin">{siteOrigin}</span>
        <output data-testid="address-bar" className="es-address-path" aria-label="Address">
          {address ?? ''}
        </output>
        {address === null ? <span className="es-muted">waiting for app_changed_url…</span> : null}
      </div>
      <form className="es-path-form" onSubmit={submit}>
        <label className="es-field-label" htmlFor="es-path">
          Path
        </label>
        <input
          id="es-path"
          className="es-input"
          value={path}
          placeholder="/Pricing"
          spellCheck={false}
          autoComplete="off"
          disabled={!enabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'es-path-problem' : undefined}
          onChange={(event) => {
            setPath(event.target.value);
            setProblem(null);
          }}
        />
        <button type="submit" className="es-button" disabled={!enabled}>
          Go
        </button>
        {problem ? (
          <span id="es-path-problem" className="es-path-problem" role="alert">
            {problem}
          </span>
        ) : null}
      </form>
    </div>
  );
}
