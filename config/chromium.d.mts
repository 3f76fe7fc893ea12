/** The flags Debian's Chromium needs on this machine (`chromium.mjs`). */
export declare const CHROMIUM_ARGS: string[];
