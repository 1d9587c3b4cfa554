/**
 * The repair round (SPEC §11.1), with the real SDK against the fake Messages API: an answer
 * with a figure found as another year's and a figure found nowhere; the model, asked once more
 * through the forced `figure_check` tool, corrects the first rightly and the second wrongly.
 * The marks, the line under the answer, the "Checked:" note, usage, audit, replay, the JSON
 * API's `repair` event and `--no-repair`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { AgentEvent } from "../../src/core/events.ts";
import { formatMoney } from "../../src/core/format.ts";
import { comparePeriods } from "../../src/tools/compare_periods.ts";
import { corrections, figuresLine } from "../../src/ui/figure-marks.ts";
import { apiEvent } from "../../src/web/routes/api.ts";
import { AssistantMessage } from "../../views/AssistantMessage.tsx";
import { startFakeAnthropic, type FakeAnthropic, type FakeReply } from "../support/fake-anthropic.ts";
import { startHarness, type Harness } from "../support/agent-harness.ts";

let fake: FakeAnthropic;
let h: Harness;
beforeAll(async () => {
  fake = await startFakeAnthropic();
});
afterAll(async () => {
  await fake.stop();
});
afterEach(async () => {
  await h?.close();
  fake.reset();
});

const COMPARE = { a: { year: 2024 }, b: { year: 2025 } };

/** Groceries of 2024 and 2025 as the comparison's chart shows them (datasets named by period). */
function groceries(harness: Harness): { y2024: string; y2025: string } {
  const chart = comparePeriods.run(harness.budget, comparePeriods.schema().parse(COMPARE)).charts[0]!;
  const i = chart.data.labels.indexOf("Groceries");
  const of = (name: string) => formatMoney(chart.data.datasets.find((d) => d.name === name)!.values[i]!, "CHF");
  return { y2024: of("2024"), y2025: of("2025") };
}

/** The model: calls compare_periods, then writes `answer`; asked to check figures, replies with `replies`. */
function script(answer: string, replies: unknown[]) {
  fake.enqueue(
    { kind: "message", content: [{ type: "tool_use", id: "toolu_cmp", name: "compare_periods", input: COMPARE }] },
    { kind: "message", content: [{ type: "text", text: answer }] },
    { kind: "message", content: [{ type: "tool_use", id: "toolu_fix", name: "figure_check", input: { figures: replies } }], usage: { input_tokens: 900, output_tokens: 60 } },
  );
}

const ofType = <T extends AgentEvent["type"]>(events: AgentEvent[], type: T) => events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);

describe("the repair round", () => {
  test("a correction the data backs is kept and shown; one it does not back is not; counted in usage and the audit; replayed alike", async () => {
    h = await startHarness({ fake });
    const g = groceries(h);
    const answer = `In 2025 groceries cost ${g.y2024}. Hobbies took CHF 2'718.28.`;
    script(answer, [
      { n: 1, verdict: "correct", corrected: g.y2025, reason: "Groceries 2025, not 2024" },
      { n: 2, verdict: "correct", corrected: "CHF 9'999.99" },
    ]);
    const { events, turn } = await h.ask("What did groceries cost in 2025?");

    const [checked] = ofType(events, "figures");
    expect(checked!.figures.map((f) => [f.text, f.status])).toEqual([
      [g.y2024, "mismatched"],
      ["CHF 2'718.28", "ungrounded"],
    ]);
    // The repair event comes after the figures, before done, with what the data backed.
    const [repair] = ofType(events, "repair");
    expect(events.indexOf(repair!)).toBe(events.length - 2);
    expect(repair!.asked).toBe(2);
    expect(repair!.figures.map((f) => [f.text, f.status, f.correction?.text ?? null])).toEqual([
      [g.y2024, "mismatched", g.y2025],
      ["CHF 2'718.28", "ungrounded", null],
    ]);
    expect(figuresLine(repair!.figures)).toBe("2 figures checked · 1 corrected · 1 not found");
    expect(corrections(repair!.figures)).toEqual([`${g.y2024} → ${g.y2025} (Groceries 2025, not 2024)`]);

    // The repair request: the forced tool, the conversation up to the answer, then the list of figures to check.
    const sent = fake.requests.at(-1)!.body as { tool_choice: unknown; tools: { name: string }[]; messages: { role: string; content: { type: string; text?: string }[] }[] };
    expect(sent.tool_choice).toEqual({ type: "tool", name: "figure_check" });
    expect(sent.tools.map((t) => t.name)).toEqual(["figure_check"]);
    expect(sent.messages.at(-2)).toEqual({ role: "assistant", content: [{ type: "text", text: answer }] });
    expect(sent.messages.at(-1)!.content[0]!.text).toContain(`2. "CHF 2'718.28" — CHF 2'718.28: not found in the data of this answer`);

    // Usage: the three model calls (tool call, answer, repair), the repair's 900 + 60 tokens among them.
    const done = ofType(events, "done")[0]!;
    const reqs = fake.requests.filter((r) => r.status === 200);
    expect(reqs).toHaveLength(3);
    expect(done.usage.input_tokens).toBe(reqs.reduce((s, r) => s + (r.usage?.input_tokens ?? 0), 0));
    expect(reqs[2]!.usage!.input_tokens).toBe(900);
    // The audit counts the figures as the repair left them and the repair itself.
    const audit = h.store.audit.list({ kind: "turn" }).find((e) => (e.detail as { turnId?: string }).turnId === turn.id)!;
    expect((audit.detail as Record<string, unknown>).repair).toEqual({ asked: 2, corrected: 1, confirmed: 0 });
    expect((audit.detail as Record<string, unknown>).figures).toEqual({ checked: 2, grounded: 0, derived: 0, mismatched: 1, ungrounded: 1 });

    // A replay shows the same: the stored events carry the repair, and the page renders the line and the note.
    const stored = h.store.turns.events(turn.id);
    expect(ofType(stored, "repair")).toEqual([repair!]);
    const html = String(await AssistantMessage({ turnId: turn.id, status: "done", events: stored, currency: "CHF" }));
    expect(html).toContain("2 figures checked · 1 corrected · 1 not found");
    expect(html).toContain("<strong>Checked:</strong>");
    expect(html).toContain(`data-figure="corrected"`);
    expect(html).toContain(`data-figure="ungrounded"`);

    // The JSON API's repair event.
    // The JSON API's repair event: each figure with the links to its rows (SPEC §11.1), the corrected one with its correction's.
    const api = apiEvent(repair!) as unknown as { event: string; data: { figures: { links: unknown }[] } };
    expect(api as unknown).toEqual({ event: "repair", data: { asked: 2, corrected: 1, confirmed: 0, figures: repair!.figures.map((f) => ({ ...f, links: expect.any(Array) })) } });
    // The correction is the comparison's 2025 groceries (CHF, the call's second period); the figure not found has none.
    expect(api.data.figures.map((f) => f.links)).toEqual([[{ href: "/transactions?category=Groceries&currency=CHF&from=2025-01-01&to=2025-12-31", label: "See the rows", of: "figure" }], []]);
  }, 30_000);

  test("a repair call that fails, or whose reply is no figure check, is recorded with its error in the event, the audit and the JSON API; the figures stay as checked", async () => {
    const cases: { reply: FakeReply; error: RegExp }[] = [
      { reply: { kind: "message", content: [{ type: "text", text: "All figures look fine to me." }] }, error: /^the model's reply was not a figure check$/ },
      { reply: { kind: "http_error", status: 400, errorType: "invalid_request_error", message: "the request was refused" }, error: /the request was refused/ },
    ];
    for (const c of cases) {
      h = await startHarness({ fake });
      const g = groceries(h);
      fake.enqueue(
        { kind: "message", content: [{ type: "tool_use", id: "toolu_cmp", name: "compare_periods", input: COMPARE }] },
        { kind: "message", content: [{ type: "text", text: `In 2025 groceries cost ${g.y2024}.` }] },
        c.reply,
      );
      const { events, turn } = await h.ask("What did groceries cost in 2025?");
      const [repair] = ofType(events, "repair");
      expect(repair!.error).toMatch(c.error);
      expect(repair!.figures).toEqual(ofType(events, "figures")[0]!.figures);
      const audit = h.store.audit.list({ kind: "turn" }).find((e) => (e.detail as { turnId?: string }).turnId === turn.id)!;
      const recorded = (audit.detail as { repair: { asked: number; corrected: number; confirmed: number; error: string } }).repair;
      expect([recorded.asked, recorded.corrected, recorded.confirmed]).toEqual([1, 0, 0]);
      expect(recorded.error).toMatch(c.error);
      expect((apiEvent(repair!) as { data: { error?: string } }).data.error).toMatch(c.error);
      await h.close();
      fake.reset();
    }
  }, 60_000);

  test("--no-repair: the answer's figures stay as checked, and no third model call is made", async () => {
    h = await startHarness({ fake, settings: { repair: false } });
    const g = groceries(h);
    script(`In 2025 groceries cost ${g.y2024}.`, [{ n: 1, verdict: "correct", corrected: g.y2025 }]);
    const { events } = await h.ask("What did groceries cost in 2025?");
    expect(ofType(events, "repair")).toEqual([]);
    expect(ofType(events, "figures")[0]!.figures.map((f) => f.status)).toEqual(["mismatched"]);
    expect(fake.requests.filter((r) => r.status === 200)).toHaveLength(2);
  }, 30_000);

  test("an answer whose figures all check out asks nothing more", async () => {
    h = await startHarness({ fake });
    const g = groceries(h);
    script(`In 2025 groceries cost ${g.y2025}.`, []);
    const { events } = await h.ask("What did groceries cost in 2025?");
    expect(ofType(events, "figures")[0]!.figures.map((f) => f.status)).toEqual(["grounded"]);
    expect(ofType(events, "repair")).toEqual([]);
    expect(fake.requests.filter((r) => r.status === 200)).toHaveLength(2);
  }, 30_000);

  test("an answer written without any figure read (no tool, no earlier result) asks nothing more: nothing could back a correction", async () => {
    h = await startHarness({ fake });
    fake.enqueue({ kind: "message", content: [{ type: "text", text: "You spent CHF 5'234.50 on groceries." }] });
    const { events } = await h.ask("What did groceries cost in 2025?");
    expect(ofType(events, "figures")[0]!.figures.map((f) => f.status)).toEqual(["ungrounded"]);
    expect(ofType(events, "repair")).toEqual([]);
    expect(fake.requests.filter((r) => r.status === 200)).toHaveLength(1);
  }, 30_000);
});
