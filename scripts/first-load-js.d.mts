/** What a prerendered page runs before it is live (`first-load-js.mjs`). */
export declare function firstLoadJs(html: string): { files: string[]; inline: string[]; styles: string[] };
