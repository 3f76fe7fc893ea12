/** Messages between the site and the editor (docs/platform-api.md, "Parent frame messages"). */
export interface AppChangedUrlMessage {
  type: 'app_changed_url';
  url: string;
}

export interface AppErrorDetails {
  title: string;
  details: string;
  componentName: string | null;
  stack: string | null;
}

export interface AppErrorMessage {
  type: 'app_error';
  error: AppErrorDetails;
}

export interface PreloadErrorMessage {
  type: 'preload-error';
  error: AppErrorDetails;
}

/**
 * The editor's "app rendered" signal (the platform's preview code posts it): `sandbox:onMounted` once the site has
 * rendered, `sandbox:onUnmounted` when it is gone.
 */
export interface SandboxMountMessage {
  type: 'sandbox:onMounted' | 'sandbox:onUnmounted';
}

export type BridgeMessage =
  | AppChangedUrlMessage
  | AppErrorMessage
  | PreloadErrorMessage
  | SandboxMountMessage;

/** The message the editor posts to have the preview reloaded (accepted only from the verified editor origin). */
export const REFRESH_PAGE = 'refresh-page';

const MAX_FIELD_LENGTH = 4000;

/** Plain text of at most `MAX_FIELD_LENGTH` characters, whatever `value` is (an Error, an object, a cycle...). */
function toText(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value instanceof Error) text = value.message;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > MAX_FIELD_LENGTH ? `${text.slice(0, MAX_FIELD_LENGTH)}…` : text;
}

/** The HTTP status an error carries (`status`, or `response.status`), if any. */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { status?: unknown; response?: { status?: unknown } };
  const status = record.status ?? record.response?.status;
  return typeof status === 'number' ? status : undefined;
}

/** Builds the `error` payload of `app_error` / `preload-error` from anything thrown. */
export function describeError(error: unknown, fallbackTitle: string): AppErrorDetails {
  const isError = error instanceof Error;
  const componentName =
    typeof error === 'object' && error !== null && 'componentName' in error
      ? toText((error as { componentName: unknown }).componentName)
      : null;
  return {
    title: isError ? toText(`${error.name}: ${error.message}`) : fallbackTitle,
    details: toText(error),
    componentName,
    stack: isError && error.stack ? toText(error.stack) : null,
  };
}
