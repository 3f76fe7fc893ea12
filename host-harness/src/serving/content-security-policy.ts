/** A Content-Security-Policy header value from its directives (duplicate sources dropped, order kept). */
export function serializeCsp(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}
