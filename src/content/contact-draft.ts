/**
 * The sessionStorage key under which the contact form's unsent draft survives a reload of the tab. Its own module: the
 * home page reads it before the form's code (and texts) are loaded.
 */
export const contactDraftStorageKey = 'contact-form-draft';
