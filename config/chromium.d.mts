/** The flags Debian's Chromium needs on this machine (`chromium.mjs`). */
export declare const CHROMIUM_ARGS: string[];
/** Debian's Chromium for Playwright: the headless shell when installed, else the full browser (`chromium.mjs`). */
export declare const PLAYWRIGHT_CHROMIUM: string;
