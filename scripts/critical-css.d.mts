/** First-screen CSS for the prerender step (`critical-css.mjs`). */
export declare function firstScreen(html: string): string;
export declare function withoutUnusedProperties(css: string): string;
export declare function withoutInteractionRules(css: string): string;
export declare function withoutPropertyFallbacks(css: string): string;
export declare function cspHash(text: string): string;
export declare function criticalCss(distDir: string, href: string): (rootHtml: string) => Promise<string>;
