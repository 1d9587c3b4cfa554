/**
 * Long work on the event loop, in slices: between units of work, `if (slices.due()) await
 * slices.pause();` yields to the event loop once about `sliceMs` of work has passed since
 * the last pause, so the server answers meanwhile (a 50 MB import's commit and undo, the
 * ledger's rebuild after it).
 */
export class TimeSlices {
  private since = performance.now();
  constructor(private readonly sliceMs = 10) {}

  due(): boolean {
    return performance.now() - this.since >= this.sliceMs;
  }

  async pause(): Promise<void> {
    await new Promise((r) => setTimeout(r, 0));
    this.since = performance.now();
  }
}
