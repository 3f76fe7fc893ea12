/** The reduction of the provider's description (`provider-schema.mjs`). */
export interface Reduced {
  apiVersion: string;
  operations: Record<string, { in: 'body' | 'query'; schema: Record<string, unknown> }>;
}
export declare const OPERATIONS: Record<string, { in: 'body' | 'query'; sdk: [file: string, name: string] }>;
export declare function fromOpenApi(doc: unknown): Reduced;
export declare function fromSdkTypes(packageDir: string): Reduced;
