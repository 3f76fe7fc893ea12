/** Short class names for the production site (`class-names.mjs`). */
export declare function stylesheetClassNames(css: string): Set<string>;
export declare function shortName(index: number): string;
export declare function shortNameIndex(name: string): number;
export declare function classNameMap(
  css: string,
  code?: readonly string[],
  kept?: ReadonlyMap<string, string>,
): Map<string, string>;
export declare function classNameFile(map: ReadonlyMap<string, string>): string;
export declare function readClassNameFile(text: string | null | undefined): Map<string, string>;
export declare function renameInCss(css: string, map: ReadonlyMap<string, string>): string;
export declare function renameInJs(
  code: string,
  map: ReadonlyMap<string, string>,
  classes?: ReadonlySet<string>,
): { code: string; renamedStrings: string[]; mixedStrings: string[] };
export declare function renameInHtml(html: string, map: ReadonlyMap<string, string>): string;
