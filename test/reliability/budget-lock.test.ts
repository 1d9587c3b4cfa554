/**
 * Issue 16 item 3: a lock on budget.db (a pipeline import) must not freeze the server.
 * While another connection holds an exclusive lock on budget.db, pages, the export and
 * /healthz answer (with the last known data summary), and a question waits within the
 * busy timeout, then ends with a clear, retryable error (not "Internal error"). After
 * the lock is gone, questions work again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { webSuite } from "../support/web-harness.ts";
import { SseReader, postJson } from "../trust/support.ts";
import { Locker } from "./locker.ts";

let locker: Locker;
let conversationId: string;
const h = webSuite();
beforeAll(async () => {
  locker = new Locker();
  h.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Before the import." }] });
  conversationId = (await h.ask("hello")).turn.conversationId;
});
afterEach(() => locker.release());
afterAll(async () => {
  await locker.close();
});

/** A liveness deadline, well under the 5 s busy timeout: a request stuck behind the lock misses it. */
const quick = (path: string) => fetch(`${h.url}${path}`, { signal: AbortSignal.timeout(2_500) });

describe("budget.db locked by another program", () => {
  test("pages, the export and /healthz answer, from the last known summary", async () => {
    locker.lockNow(h.budget.path, { exclusive: true });
    for (const path of ["/healthz", "/", `/conversations/${conversationId}`, `/conversations/${conversationId}/export.md`]) {
      const res = await quick(path);
      expect(res.status).toBe(200);
      await res.text();
    }
    const page = await (await quick(`/conversations/${conversationId}`)).text();
    expect(page).toContain("Before the import.");
  });

  test("a question waits, then ends with a clear, retryable error; /healthz answers meanwhile; afterwards questions work", async () => {
    locker.lockNow(h.budget.path, { exclusive: true });
    const asked = h.fake.requests.length;
    const stream = new SseReader(await postJson(h, "/api/chat", { message: "how much on rent?", conversation_id: conversationId }));
    // While the question waits for the lock, the server is not frozen.
    const health = await quick("/healthz");
    expect(health.status).toBe(200);
    const page = await quick("/");
    expect(page.status).toBe(200);
    await stream.ended;
    const errors = stream.all("error");
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain("budget database is locked");
    expect(errors[0].message).not.toContain("Internal error");
    expect(errors[0].retryable).toBe(true);
    expect(h.fake.requests).toHaveLength(asked); // the model was not called for it

    await locker.release();
    h.fake.enqueue({ kind: "message", content: [{ type: "text", text: "After the import." }] });
    const next = new SseReader(await postJson(h, "/api/chat", { message: "and now?", conversation_id: conversationId }));
    await next.ended;
    expect(next.all("error")).toEqual([]);
    expect(next.all("chunk").map((c) => c.text).join("")).toBe("After the import.");
  }, 30_000);
});
