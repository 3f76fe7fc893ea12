/** Texts of the site's own failure notices. */
export const noticeText = {
  preloadError: 'Part of the site failed to load. Reloading the page usually fixes it.',
  reload: 'Reload',
  dismiss: 'Dismiss',
  loadingPage: 'Loading the page…',
  errorTitle: 'Something went wrong',
  errorBody: 'This page hit an unexpected problem. Reloading usually fixes it.',
  errorReload: 'Reload the page',
} as const;
