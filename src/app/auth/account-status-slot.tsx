import { lazy, Suspense } from 'react';
import { useAuthStore } from '../../shared/auth/auth-store.ts';

// "Signed in as … · Sign out" is for the few visitors who are signed in: its code loads only once someone is.
const AccountStatus = lazy(() =>
  import(/* webpackChunkName: "account-status" */ './account-status.tsx').then((module) => ({
    default: module.AccountStatus,
  })),
);

/** The footer's place for the account line; empty (and no code fetched) for anonymous visitors. */
export function AccountStatusSlot() {
  const signedIn = useAuthStore((state) => state.user !== null);
  return signedIn ? (
    <Suspense fallback={null}>
      <AccountStatus />
    </Suspense>
  ) : null;
}
