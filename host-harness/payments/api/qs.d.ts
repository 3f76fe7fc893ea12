/** The part of `qs` (which publishes no types of its own) the stand-in uses: decoding bracket notation. */
declare module 'qs' {
  const qs: { parse(text: string, options: Record<string, number | boolean>): unknown };
  export default qs;
}
