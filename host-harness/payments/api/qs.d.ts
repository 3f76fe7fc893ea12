/** The part of `qs` (which publishes no types of its own) the stand-in uses: decoding bracket notation. */
declare module 'qs' {
  interface ParseOptions {
    depth?: number;
    strictDepth?: boolean;
    parameterLimit?: number;
    throwOnLimitExceeded?: boolean;
    arrayLimit?: number;
    allowSparse?: boolean;
    plainObjects?: boolean;
    allowPrototypes?: boolean;
  }
  const qs: { parse(text: string, options?: ParseOptions): unknown };
  export default qs;
}
