import { lazy, type ReactNode, Suspense } from 'react';
import { AUTH_ERROR_TYPE } from '../../platform/index.ts';
import { AUTH_STATUS, useAuthStore } from '../../shared/auth/auth-store.ts';

/** A rare screen (a signed-in user not registered for the app): its own chunk, fetched when shown. */
const AccessRestricted = lazy(() =>
  import(/* webpackChunkName: "access-restricted" */ '../screens/access-restricted.tsx').then((m) => ({
    default: m.AccessRestricted,
  })),
);

/** Only a visitor with a stored session ever sees the spinner: its code is fetched then, not on every first load. */
const AuthSpinner = lazy(() =>
  import(/* webpackChunkName: "auth-spinner" */ '../screens/auth-spinner.tsx').then((m) => ({
    default: m.AuthSpinner,
  })),
);

/**
 * Shows the page, the spinner while a stored session is checked (a visitor without a token is never held back), or
 * the Access Restricted screen for a user not registered for the app.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const status = useAuthStore((state) => state.status);
  const hasToken = useAuthStore((state) => state.hasToken);
  const errorType = useAuthStore((state) => state.error?.type);
  if (errorType === AUTH_ERROR_TYPE.userNotRegistered) {
    return (
      <Suspense fallback={null}>
        <AccessRestricted />
      </Suspense>
    );
  }
  return (
    <>
      {children}
      {status === AUTH_STATUS.loading && hasToken ? (
        <Suspense fallback={null}>
          <AuthSpinner />
        </Suspense>
      ) : null}
    </>
  );
}
