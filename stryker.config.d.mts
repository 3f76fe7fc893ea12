/** Types of stryker.config.mjs, for the test that checks the mutation scope (tests/unit-node/mutation-scope.test.ts). */
declare const config: { mutate: string[] } & Record<string, unknown>;
export default config;
export declare const SCOPE: string[];
export declare const EXCLUDED: Record<string, string>;
export declare const MUTATED: string[];
