/** What a function wrote to console.error/console.warn (the harness log), captured instead of printed. */
export interface CapturedLogs {
  errors: string[];
  warnings: string[];
  /** Everything written, one string. */
  text(): string;
  restore(): void;
}

export function captureLogs(): CapturedLogs {
  const { error, warn } = console;
  const errors: string[] = [];
  const warnings: string[] = [];
  const format = (args: unknown[]) =>
    args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' ');
  console.error = (...args: unknown[]) => errors.push(format(args));
  console.warn = (...args: unknown[]) => warnings.push(format(args));
  return {
    errors,
    warnings,
    text: () => [...errors, ...warnings].join('\n'),
    restore() {
      console.error = error;
      console.warn = warn;
    },
  };
}
