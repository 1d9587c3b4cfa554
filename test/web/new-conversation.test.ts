/**
 * A first question (POST /chat) makes a conversation; the response puts only that
 * conversation's item into the sidebar, not the whole list (issue 37 item 2: a long-time
 * user's 1,000 conversations made every new chat re-render and re-send them all):
 *  - no conversation before: the list of one, in place of "No conversations yet";
 *  - one updated today: the item first in the Today group's list (#conv-today);
 *  - only older ones: a Today heading with the item, first in the list.
 */
import { expect, test } from "bun:test";
import { webSuite } from "../support/web-harness.ts";

const h = webSuite();

/** POST /chat as the page sends it; the HTML of its answer. */
async function ask(question: string): Promise<string> {
  h.fake.enqueue({ kind: "message", content: [{ type: "text", text: "Noted." }] });
  const res = await fetch(`${h.url}/chat`, { method: "POST", body: new URLSearchParams({ message: question }) });
  expect(res.status).toBe(200);
  const html = await res.text();
  const turnId = /data-turn="([^"]+)"/.exec(html)![1]!;
  await h.chat.turn(turnId)?.finished;
  return html;
}

/** The sidebar partials of a response: [target, swap, the item titles they carry]. */
function listPartials(html: string): [string, string, string[]][] {
  return [...html.matchAll(/<hx-partial hx-target="#(conversation-list|conv-today)" hx-swap="([a-zA-Z]+)">([\s\S]*?)<\/hx-partial>/g)].map((m) => [
    m[1]!,
    m[2]!,
    [...m[3]!.matchAll(/<span class="conv-title">([^<]*)<\/span>/g)].map((t) => t[1]!),
  ]);
}

test("the first conversation: the list of one (no other conversation is rendered or sent)", async () => {
  const html = await ask("First question");
  expect(listPartials(html)).toEqual([["conversation-list", "outerHTML", ["First question"]]]);
  expect(html).toContain('id="conv-today"');
  expect(html).toContain('aria-current="page"');
});

test("another one the same day: only its item, first in the Today group", async () => {
  const html = await ask("Second question");
  expect(listPartials(html)).toEqual([["conv-today", "afterbegin", ["Second question"]]]);
});

test("when the newest conversation is older than today: a Today heading with the item, first in the list", async () => {
  // Both earlier conversations last used years ago (the sidebar shows them under Older).
  h.store.db.run("UPDATE conversations SET updated_at = '2020-01-01T10:00:00.000Z'");
  const html = await ask("Third question");
  const partials = listPartials(html);
  expect(partials).toEqual([["conversation-list", "afterbegin", ["Third question"]]]);
  expect(html).toMatch(/hx-target="#conversation-list" hx-swap="afterbegin"><section class="conv-group"><h2 class="conv-group-title">Today<\/h2><ul class="conv-list" id="conv-today">/);
});
