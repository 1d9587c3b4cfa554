/**
 * SSE bytes per answer against the answer's HTML (issue 15): the real web app (startWebHarness, fake model
 * streaming text in small chunks like the API), GET /turns/:id/stream read to the end and counted, then the
 * finished answer's HTML as the page renders it (GET /conversations/:id, the turn's <article>).
 * Target: the stream within 3× the answer's HTML (it used to re-send the whole block: 220×).
 */
import { startWebHarness } from "../test/support/web-harness.ts";
import type { FakeReply } from "../test/support/fake-anthropic.ts";
import { bytes, type Check, emit, int, timer } from "./lib.ts";

const elapsed = timer();
const paragraph = (i: number) =>
  `Paragraph ${i}: in March you spent **CHF 1'234.50** on groceries, 12% more than in February, mostly at Migros and Coop. ` +
  "Dining out stayed flat, and transport fell after the annual pass was paid in January.";
const cases: { name: string; replies: FakeReply[] }[] = [
  { name: "text only, 4 KB", replies: [{ kind: "message", content: [{ type: "text", text: Array.from({ length: 18 }, (_, i) => paragraph(i + 1)).join("\n\n") }], chunkDelayMs: 3 }] },
  {
    name: "text, table and chart, then text",
    replies: [
      { kind: "message", content: [{ type: "text", text: "Let me look that up." }, { type: "tool_use", name: "monthly_trend", input: { year: 2025 } }, { type: "tool_use", name: "list_transactions", input: { year: 2025, limit: 20 } }], chunkDelayMs: 3 },
      { kind: "message", content: [{ type: "text", text: Array.from({ length: 8 }, (_, i) => paragraph(i + 1)).join("\n\n") }], chunkDelayMs: 3 },
    ],
  },
];

const h = await startWebHarness();
try {
  const rows: string[][] = [];
  const checks: Check[] = [];
  for (const c of cases) {
    h.fake.enqueue(...c.replies);
    const post = await fetch(`${h.url}/chat`, { method: "POST", headers: { "HX-Request": "true", "content-type": "application/x-www-form-urlencoded", origin: h.url }, body: "message=How+was+2025" });
    const posted = await post.text();
    const turn = /data-turn="([^"]+)"/.exec(posted)![1]!;
    const stream = await fetch(`${h.url}/turns/${turn}/stream`, { headers: { "accept-encoding": "identity" } });
    const sse = (await stream.arrayBuffer()).byteLength;
    const conv = h.store.turns.get(turn)!.conversationId;
    const page = await (await fetch(`${h.url}/conversations/${conv}`, { headers: { "accept-encoding": "identity" } })).text();
    const start = page.indexOf(`<article class="msg assistant" id="turn-${turn}"`);
    const html = page.slice(start, page.indexOf("</article>", start) + "</article>".length);
    const answerBytes = new TextEncoder().encode(html).byteLength;
    const ratio = sse / answerBytes;
    rows.push([c.name, `${bytes(sse)} (${int(sse)})`, `${bytes(answerBytes)} (${int(answerBytes)})`, `${ratio.toFixed(2)}×`]);
    checks.push({ name: `SSE bytes vs answer HTML, ${c.name}`, target: "≤ 3×", value: `${ratio.toFixed(2)}×`, ok: ratio <= 3 });
    h.fake.reset?.();
  }
  emit({
    id: "sse-bytes",
    title: "7. SSE bytes per answer vs the answer's HTML",
    method: [
      "ours: GET /turns/:id/stream of a live answer (fake model, small text chunks), bytes of the whole event stream",
      "baseline: the same finished answer's <article> as GET /conversations/:id renders it (uncompressed)",
    ],
    columns: ["answer", "SSE bytes", "answer HTML bytes", "ratio"],
    rows,
    checks,
    notes: ["text goes out as plain appends plus each finished paragraph rendered once (src/web/sse-renderer.ts)"],
    seconds: elapsed(),
  });
} finally {
  await h.close();
}
