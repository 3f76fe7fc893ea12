/** Texts of the sign-in states (docs/requirements.md, "Screens and routes" and "The error catalogue"). */
export const authText = {
  checking: 'Checking your sign-in…',
  accessRestrictedTitle: 'Access Restricted',
  accessRestrictedBody:
    'You are not registered to use this application. Please contact the app administrator to request access.',
  signedInAs: 'Signed in as',
  signOut: 'Sign out',
} as const;
