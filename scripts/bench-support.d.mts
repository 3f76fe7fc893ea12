/** What the benchmark and budget scripts share (`bench-support.mjs`). */
import type { ChildProcess } from 'node:child_process';

export interface BuiltPage {
  /** The page's name in the site's page table (`Index`, `Pricing`), `NotFound` for 404.html. */
  name: string;
  /** Its prerendered document in the build's directory. */
  file: string;
  /** The path that opens it (a path no page has, for the 404 page). */
  path: string;
}
export declare const MISSING_PATH: string;
export declare function builtPages(distDir?: string): BuiltPage[];
export declare function defaultRoutes(distDir?: string): string;
export declare const chromePath: string;
export declare const chromeFlags: string[];
export declare function serveBuild(distDir: string): Promise<{ server: ChildProcess; port: number }>;
