import { BadRequestError } from '../core/errors.ts';

/**
 * Who may open an app, as the platform stores it in the app's `public_settings` (the platform's CLI maps its
 * `visibility` to these: `public` → `public_without_login`, `private` → `private_with_login`, `workspace` →
 * `workspace_with_login`). Anything but public makes visitors sign in: the app's public settings then answer an
 * anonymous visitor 403 `auth_required`, and the site sends them to the login page.
 */
export const PUBLIC_SETTINGS = [
  'public_without_login',
  'private_with_login',
  'workspace_with_login',
] as const;
export type PublicSettings = (typeof PUBLIC_SETTINGS)[number];

/** A new app's visibility (the CLI creates apps public). */
export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = 'public_without_login';

/** Whether visitors must sign in to open an app of this visibility. */
export function requiresSignIn(settings: PublicSettings): boolean {
  return settings !== 'public_without_login';
}

/** The visibility `PUT /api/apps/{id}` sets; a 400 naming what the local platform does not take. */
export function readAppUpdate(body: unknown): PublicSettings {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new BadRequestError('The body must be { public_settings }', 'invalid_body');
  const others = Object.keys(body).filter((key) => key !== 'public_settings');
  if (others.length > 0)
    throw new BadRequestError(
      `The local platform changes only an app's public_settings, not ${others.slice(0, 5).join(', ')}`,
      'invalid_body',
    );
  const value = (body as { public_settings?: unknown }).public_settings;
  if (!(PUBLIC_SETTINGS as readonly unknown[]).includes(value))
    throw new BadRequestError(`public_settings must be one of ${PUBLIC_SETTINGS.join(', ')}`, 'invalid_body');
  return value as PublicSettings;
}
