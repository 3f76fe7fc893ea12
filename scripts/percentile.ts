/** The `p`th percentile (nearest rank) of ascending `sorted` values; 0 for none. Shared by the emulator's benchmarks. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
