/**
 * The model client's fetch (src/agent/tick-fetch.ts): calls made in one event-loop tick reach
 * the real fetch together once that tick ends, in the order they were made; each caller gets
 * its own response or error.
 */
import { expect, test } from "bun:test";
import { tickBatchedFetch } from "../../src/agent/tick-fetch.ts";

/** A fetch that records each call's URL and answers with it (…/fail: a refused connection). */
function recordingFetch() {
  const calls: string[] = [];
  const inner = async (input: string | URL | Request) => {
    calls.push(String(input));
    if (String(input).endsWith("/fail")) throw new TypeError("connection refused");
    return new Response(String(input));
  };
  return { calls, inner };
}

const tickEnd = () => new Promise((r) => setImmediate(r));

test("calls made in one tick are sent together at its end, in order; a later tick's in a later batch", async () => {
  const { calls, inner } = recordingFetch();
  const fetch = tickBatchedFetch(inner);
  const first = [fetch("http://m/1"), fetch("http://m/2"), fetch("http://m/3")];
  await Promise.resolve(); // microtasks of this tick: still nothing sent
  expect(calls).toEqual([]);
  await tickEnd();
  expect(calls).toEqual(["http://m/1", "http://m/2", "http://m/3"]);
  expect(await Promise.all(first.map(async (p) => (await p).text()))).toEqual(["http://m/1", "http://m/2", "http://m/3"]);
  const later = fetch("http://m/4");
  expect(calls.length).toBe(3);
  await tickEnd();
  expect(calls).toEqual(["http://m/1", "http://m/2", "http://m/3", "http://m/4"]);
  expect(await (await later).text()).toBe("http://m/4");
});

test("a failing call rejects its own caller only", async () => {
  const fetch = tickBatchedFetch(recordingFetch().inner);
  const ok = fetch("http://m/ok");
  const failed = fetch("http://m/fail");
  await expect(failed).rejects.toThrow("connection refused");
  expect(await (await ok).text()).toBe("http://m/ok");
});

test("a fetch that throws at once (not a rejected promise) rejects its caller", async () => {
  const fetch = tickBatchedFetch(() => {
    throw new TypeError("bad init");
  });
  await expect(fetch("http://m/x")).rejects.toThrow("bad init");
});
