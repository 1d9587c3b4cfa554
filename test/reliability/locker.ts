/** Hold a write lock on a SQLite file from another thread (see locker-worker.ts). */
export class Locker {
  private readonly worker = new Worker(new URL("./locker-worker.ts", import.meta.url).href);
  private releasedWaiters: (() => void)[] = [];
  locked = false;

  constructor() {
    this.worker.onmessage = (ev: MessageEvent) => {
      if ((ev.data as { released?: boolean }).released) {
        this.locked = false;
        for (const w of this.releasedWaiters.splice(0)) w();
      }
    };
  }

  /**
   * Take the lock and return once it is held, synchronously (the caller may be inside a
   * synchronous stretch of the app, e.g. between two statements of an approval).
   */
  lockNow(path: string, opts: { exclusive?: boolean; holdMs?: number } = {}): void {
    const flag = new SharedArrayBuffer(4);
    this.worker.postMessage({ op: "lock", path, flag, ...opts });
    const view = new Int32Array(flag);
    const result = Atomics.wait(view, 0, 0, 10_000);
    if (result === "timed-out") throw new Error(`locker: could not lock ${path}`);
    this.locked = true;
  }

  /** Release the lock; resolves once the other thread let go. */
  release(): Promise<void> {
    if (!this.locked) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.releasedWaiters.push(resolve));
    this.worker.postMessage({ op: "release" });
    return done;
  }

  /** Resolves when a timed hold (holdMs) ended. */
  released(): Promise<void> {
    if (!this.locked) return Promise.resolve();
    return new Promise<void>((resolve) => this.releasedWaiters.push(resolve));
  }

  async close(): Promise<void> {
    await this.release();
    this.worker.terminate();
  }
}
