/** The reduction of the provider's description (`provider-schema.mjs`). */
export interface Reduced {
  apiVersion: string;
  operations: Record<string, { in: 'body' | 'query'; schema: Record<string, unknown> }>;
}
export declare const OPERATIONS: Record<string, { in: 'body' | 'query'; sdk: [file: string, name: string] }>;
export declare function fromOpenApi(doc: unknown): Reduced;
export declare function fromSdkTypes(packageDir: string): Reduced;
/** A returned object's fields: their JSON types, a fixed value, nested fields, which are always there. */
export interface ObjectField {
  type?: string | string[];
  const?: unknown;
  properties?: Record<string, ObjectField>;
  required?: string[];
}
export declare const OBJECTS: Record<string, [file: string, name: string]>;
export declare function objectsFromOpenApi(doc: unknown): Record<string, ObjectField>;
export declare function objectsFromSdkTypes(packageDir: string): Record<string, ObjectField>;
