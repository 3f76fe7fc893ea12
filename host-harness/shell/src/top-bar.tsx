import { type Account, accounts } from './accounts.ts';

const deviceWidths = [390, 768, 1440] as const;
export type DeviceWidth = (typeof deviceWidths)[number];
export type ViewMode = 'iframe' | 'federated';

const deviceNames: Record<DeviceWidth, string> = { 390: 'Phone', 768: 'Tablet', 1440: 'Desktop' };

interface Props {
  view: ViewMode;
  onView: (view: ViewMode) => void;
  device: DeviceWidth;
  onDevice: (width: DeviceWidth) => void;
  account: Account['id'];
  onAccount: (id: Account['id']) => void;
  /** Sign-in state of the chosen account, shown next to the picker. */
  accountStatus: { busy: boolean; error: string | null; signedInAs: string | null };
}

/** The shell's first row: which view, which device width, which account. */
export function TopBar({ view, onView, device, onDevice, account, onAccount, accountStatus }: Props) {
  return (
    <div className="es-topbar">
      <span className="es-brand">
        <span className="es-brand-mark" aria-hidden="true" />
        Editor shell
      </span>
      <fieldset className="es-segmented" aria-label="View">
        {(['iframe', 'federated'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={view === mode}
            className="es-segment"
            onClick={() => onView(mode)}
          >
            {mode === 'iframe' ? 'Iframe' : 'Federated'}
          </button>
        ))}
      </fieldset>
      <fieldset className="es-segmented" aria-label="Device width">
        {deviceWidths.map((width) => (
          <button
            key={width}
            type="button"
            aria-pressed={device === width}
            className="es-segment"
            title={`${deviceNames[width]}, ${width} px`}
            onClick={() => onDevice(width)}
          >
            {width}
          </button>
        ))}
      </fieldset>
      <div className="es-account es-push">
        <span
          className={`es-status${accountStatus.error ? ' es-status-error' : ''}`}
          role="status"
          data-testid="account-status"
        >
          {accountStatus.busy
            ? 'Signing in…'
            : accountStatus.error
              ? accountStatus.error
              : accountStatus.signedInAs
                ? `Signed in as ${accountStatus.signedInAs}`
                : 'Not signed in'}
        </span>
        <label className="es-field-label" htmlFor="es-account">
          Account
        </label>
        <select
          id="es-account"
          className="es-select"
          value={account}
          disabled={accountStatus.busy}
          onChange={(event) => onAccount(event.target.value as Account['id'])}
        >
          {accounts.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
