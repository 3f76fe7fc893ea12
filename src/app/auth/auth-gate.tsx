import { lazy, type ReactNode, Suspense } from 'react';
import { AUTH_ERROR_TYPE } from '../../platform/index.ts';
import { AuthSpinner } from '../screens/auth-spinner.tsx';
import { AUTH_STATUS, useAuthStore } from './auth-store.ts';

/** A rare screen (a signed-in user not registered for the app): its own chunk, fetched when shown. */
const AccessRestricted = lazy(() =>
  import(/* webpackChunkName: "access-restricted" */ '../screens/access-restricted.tsx').then((m) => ({
    default: m.AccessRestricted,
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
      {status === AUTH_STATUS.loading && hasToken ? <AuthSpinner /> : null}
    </>
  );
}
