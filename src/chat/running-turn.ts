import { type AgentEvent } from "../core/events.ts";
import type { TurnOutcome } from "../agent/loop.ts";

/**
 * A turn in progress, independent of any HTTP request: the browser may reload and
 * subscribe again, and gets every event from the start, then the live ones.
 */
export class RunningTurn {
  /** Every event so far, including those not shown yet (see `hold`). */
  readonly events: AgentEvent[] = [];
  /** How many of `events` subscribers see: text waits until it is stored (SPEC §13). */
  private shown = 0;
  private holding = false;
  readonly controller = new AbortController();
  outcome: TurnOutcome | null = null;
  /** Resolves once the turn has ended and its state is stored. */
  readonly finished: Promise<TurnOutcome>;
  private resolveFinished!: (o: TurnOutcome) => void;
  private waiters = new Set<() => void>();

  constructor(
    readonly id: string,
    readonly conversationId: string,
    readonly userId: string,
    /** A continuation: the approval whose outcome it reports. */
    readonly continues: string | null = null,
  ) {
    this.finished = new Promise((resolve) => (this.resolveFinished = resolve));
  }

  push(event: AgentEvent): void {
    this.events.push(event);
    if (!this.holding) this.show();
  }

  /**
   * Add an event subscribers see only at `release` (with whatever was pushed meanwhile): text
   * that is stored in this tick's transaction goes out once that transaction is committed.
   */
  hold(event: AgentEvent): void {
    this.events.push(event);
    this.holding = true;
  }

  release(): void {
    this.holding = false;
    this.show();
  }

  finish(outcome: TurnOutcome): void {
    this.outcome = outcome;
    this.holding = false;
    this.show();
    this.resolveFinished(outcome);
  }

  private show(): void {
    this.shown = this.events.length;
    this.wake();
  }

  stop(): void {
    this.controller.abort();
  }

  /** Every event so far, then live ones, until the turn ends or `signal` aborts. */
  async *subscribe(signal?: AbortSignal): AsyncGenerator<AgentEvent> {
    for await (const batch of this.batches(signal, false)) yield* batch;
  }

  /**
   * The same stream in batches of whatever arrived since the last one. With
   * `coalesce`, adjacent text deltas in a batch are merged, so a slow consumer (or
   * one that renders markdown per message) does work per batch, not per token.
   */
  async *batches(signal?: AbortSignal, coalesce = true): AsyncGenerator<AgentEvent[]> {
    let next = 0;
    while (true) {
      if (next < this.shown) {
        const batch = this.events.slice(next, this.shown);
        next = this.shown;
        yield coalesce ? coalesceText(batch) : batch;
        continue;
      }
      if (this.outcome || signal?.aborted) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          this.waiters.delete(done);
          signal?.removeEventListener("abort", done);
          resolve();
        };
        this.waiters.add(done);
        signal?.addEventListener("abort", done, { once: true });
      });
    }
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }
}

/** Adjacent text deltas merged into one event: what a stored turn keeps for re-rendering. */
export function coalesceText(events: AgentEvent[]): AgentEvent[] {
  const out: AgentEvent[] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if (e.type === "text" && last?.type === "text") out[out.length - 1] = { type: "text", text: last.text + e.text };
    else out.push(e);
  }
  return out;
}
