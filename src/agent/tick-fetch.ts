/**
 * The model client's fetch: the model calls started in one turn of the event loop are handed
 * to fetch together, at that turn's end (setImmediate). Every fetch() wakes Bun's HTTP client
 * thread; 200 questions arriving at once made 200 wake-ups, each a context switch on a busy
 * machine, where this makes one per tick (bench/concurrency.ts, A/B over 6 runs of 5 rounds:
 * that thread's CPU per turn start 64–96 µs → 34–48 µs). A call waits at most to the end of
 * the tick it was made in; its order among the others is kept.
 */
import type { Fetch } from "./lenient-usage.ts";

export function tickBatchedFetch(inner: Fetch = fetch): Fetch {
  let due: (() => void)[] = [];
  const sendDue = () => {
    const calls = due;
    due = [];
    for (const call of calls) call();
  };
  return (input, init) =>
    new Promise((resolve, reject) => {
      if (!due.length) setImmediate(sendDue);
      due.push(() => {
        try {
          inner(input, init).then(resolve, reject);
        } catch (err) {
          reject(err);
        }
      });
    });
}
