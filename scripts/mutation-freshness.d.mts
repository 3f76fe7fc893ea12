/** Why the committed mutation result would not be reused entirely by an incremental run (empty: it would). */
export function staleReasons(
  report: {
    config?: Record<string, unknown>;
    files: Record<string, { source: string }>;
    testFiles?: Record<string, { source: string }>;
  },
  config: Record<string, unknown>,
  read: (path: string) => string | null,
): string[];
/** A reader of the repository's files for `staleReasons`. */
export function repositoryReader(root: string): (path: string) => string | null;
