/** Waits until `check` returns a value (not undefined/false), polling every 10 ms, or fails after `ms`. */
export async function waitFor<T>(
  check: () => T | undefined | false,
  ms = 5000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
