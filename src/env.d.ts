declare module '*.css';

/** Images imported by the site resolve to their hashed URL. */
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
