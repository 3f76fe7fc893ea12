/** What the machine was doing while a benchmark ran (`bench-machine.mjs`). */
export interface MachineRun {
  loadAverage: number;
  othersLoad: number;
  benchmarkIndex: number;
}
export interface Range {
  min: number;
  max: number;
}
export interface MachineVerdict {
  busy: boolean;
  reasons: string[];
  loadAverage: Range;
  othersLoad: Range;
  benchmarkIndex: Range & { median: number };
}
export declare const BUSY_LOAD: number;
export declare const MAX_INDEX_SPREAD: number;
export declare function watchMachine(): {
  stop(): { loadAverage: number; othersLoad: number; samples: number };
};
export declare function settleMachine(options?: {
  timeoutMs?: number;
  pollMs?: number;
  read?: () => number;
  log?: (line: string) => void;
}): Promise<{ settled: boolean; loadAverage: number; waitedMs: number }>;
export declare function chromiumVersion(
  port: number,
  lhr?: { environment?: { hostUserAgent?: string } },
): Promise<string>;
export declare function judgeMachine(runs: MachineRun[]): MachineVerdict;
export declare function printMachine(verdict: MachineVerdict, chromium: string): void;
