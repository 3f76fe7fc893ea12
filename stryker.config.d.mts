/**
 * Types of stryker.config.mjs, for the tests that check the mutation scope and the committed result
 * (tests/unit-node/mutation-scope.test.ts, mutation-result.test.ts).
 */
declare const config: { mutate: string[]; thresholds: { high: number; low: number; break: number } } & Record<
  string,
  unknown
>;
export default config;
export declare const SCOPE: string[];
export declare const EXCLUDED: Record<string, string>;
export declare const MUTATED: string[];
export declare const CRITICAL: string[];
