declare module '*.css';

/** Images imported by the site resolve to their hashed URL. */
declare module '*.svg' {
  const url: string;
  export default url;
}
/** An SVG imported with `?source` is its text (rspack.config.ts). */
declare module '*.svg?source' {
  const text: string;
  export default text;
}
declare module '*.png' {
  const url: string;
  export default url;
}
