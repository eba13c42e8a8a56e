/**
 * Shares the event loop by the amount of work done, not by the clock: work is counted in bytes
 * as it is done, and each time a slice's worth is done other work gets a turn. The same input
 * yields at the same points on a fast laptop and on a busy CI machine, so how the work was
 * shared can be read back and checked (`stats`); a slower machine only makes each slice longer.
 */
export type WorkSliceStats = {
  /** Bytes of work done on this thread in all. */
  workBytes: number;
  /** Times other work was let run. */
  yields: number;
  /** The most work done between two of those times (or before the first, or after the last). */
  largestSliceBytes: number;
};

export class WorkSlices {
  private slice = 0;
  readonly stats: WorkSliceStats = { workBytes: 0, yields: 0, largestSliceBytes: 0 };

  constructor(
    private readonly sliceBytes: number,
    private readonly yieldToOthers: () => Promise<void>,
  ) {}

  /** Counts `bytes` of work just done; once the slice is full, lets others run before going on. */
  async done(bytes: number): Promise<void> {
    this.slice += bytes;
    this.stats.workBytes += bytes;
    this.stats.largestSliceBytes = Math.max(this.stats.largestSliceBytes, this.slice);
    if (this.slice < this.sliceBytes) return;
    await this.yieldToOthers();
    this.stats.yields += 1;
    this.slice = 0;
  }
}
