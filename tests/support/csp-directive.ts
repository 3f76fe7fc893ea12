/** The sources of one directive of a Content-Security-Policy header (`[]` when the policy does not name it). */
export function cspDirective(policy: string, name: string): string[] {
  return (
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([key]) => key === name)
      ?.slice(1) ?? []
  );
}
