/**
 * Helpers for the trust tests: the web harness with the approval gate wired as the
 * runtime wires it, incremental SSE reading, logins, and direct looks at budget.db.
 */
import { Database } from "bun:sqlite";
import { expect } from "bun:test";
import { ALL_TOOLS } from "../../src/tools/registry.ts";
import type { WebLimits } from "../../src/web/context.ts";
import type { FakeAnthropic, FakeReply } from "../support/fake-anthropic.ts";
import { sseStream, type SseEvent } from "../support/sse.ts";
import { startWebHarness, type WebHarness } from "../support/web-harness.ts";

export type TrustHarnessOptions = {
  fake?: FakeAnthropic;
  /** Like --read-only: no gate, and (as the runtime does) the write tool is left out of the tool list unless `offerWriteTool`. */
  readOnly?: boolean;
  offerWriteTool?: boolean;
  approvalTimeoutMs?: number;
  limits?: Partial<WebLimits>;
  dir?: string;
};

/** The web app on the demo database with recategorise_transactions and the approval gate, as `serve` runs it. */
export async function startTrustHarness(opts: TrustHarnessOptions = {}): Promise<WebHarness> {
  return startWebHarness({
    fake: opts.fake,
    dir: opts.dir,
    limits: opts.limits,
    readOnly: opts.readOnly ?? false,
    // --read-only leaves the write tool out; `offerWriteTool` puts it back without a gate (the loop must not offer it).
    tools: opts.readOnly && opts.offerWriteTool ? ALL_TOOLS : undefined,
    approvalTimeoutMs: opts.approvalTimeoutMs ?? 60_000,
  });
}

export type { SseEvent };

/** Reads an SSE response as it arrives; wait for a named event without ending the stream. */
export class SseReader {
  readonly events: SseEvent[] = [];
  readonly ended: Promise<SseEvent[]>;
  private wakers = new Set<() => void>();
  private finished = false;
  /** Set when the connection broke instead of ending. */
  error: Error | null = null;

  constructor(readonly response: Response) {
    this.ended = this.pump();
  }

  private async pump(): Promise<SseEvent[]> {
    const reader = sseStream(this.response.body!).getReader();
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        this.events.push(value);
        this.wake();
      }
    } catch (err) {
      // The server went away mid-stream (a killed process): the stream just ends.
      this.error = err as Error;
    } finally {
      this.finished = true;
      this.wake();
    }
    return this.events;
  }

  private wake() {
    for (const w of [...this.wakers]) w();
  }

  /** The first event with this name (JSON-parsed data), waiting for it if needed. */
  async waitFor(name: string, timeoutMs = 10_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    while (true) {
      const hit = this.events.find((e) => e.event === name);
      if (hit) return JSON.parse(hit.data);
      if (this.finished) throw new Error(`stream ended without "${name}": ${JSON.stringify(this.events.map((e) => e.event))}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for "${name}"`);
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(t);
          this.wakers.delete(done);
          resolve();
        };
        const t = setTimeout(done, left);
        this.wakers.add(done);
      });
    }
  }

  /** Every event of a name, JSON-parsed (after the stream ended). */
  all(name: string): any[] {
    return this.events.filter((e) => e.event === name).map((e) => JSON.parse(e.data));
  }
}

/** Headers a same-origin browser request carries. */
export function browserHeaders(h: WebHarness, cookie?: string): Record<string, string> {
  return { Origin: h.url, "Sec-Fetch-Site": "same-origin", "HX-Request": "true", ...(cookie ? { Cookie: cookie } : {}) };
}

export function postJson(h: WebHarness, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${h.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

/** Start a JSON API turn and read it incrementally. */
export async function apiChat(h: WebHarness, message: string, headers: Record<string, string> = {}, conversationId?: string): Promise<SseReader> {
  const res = await postJson(h, "/api/chat", { message, ...(conversationId ? { conversation_id: conversationId } : {}) }, headers);
  expect(res.status).toBe(200);
  return new SseReader(res);
}

/** Use a login link; returns the session cookie ("bc_session=…"). */
export async function loginWith(h: WebHarness, token: string): Promise<string> {
  const res = await fetch(`${h.url}/login?token=${encodeURIComponent(token)}`, { redirect: "manual" });
  expect(res.status).toBe(303);
  const set = res.headers.get("set-cookie") ?? "";
  expect(set).toContain("HttpOnly");
  expect(set).toContain("SameSite=Strict");
  return set.split(";")[0]!;
}

/** The fake's scripted "model": one call of `tool`, then a closing text. */
export function toolCallScript(tool: string, input: Record<string, unknown>, id: string): FakeReply[] {
  return [
    { kind: "message", content: [{ type: "text", text: "I'll prepare that change." }, { type: "tool_use", id, name: tool, input }] },
    { kind: "message", content: [{ type: "text", text: "Here is what happened." }] },
  ];
}

/** One call of recategorise_transactions, then a closing text. */
export function recategoriseScript(input: Record<string, unknown>, id = "toolu_recat"): FakeReply[] {
  return toolCallScript("recategorise_transactions", input, id);
}

export type TxRow = { id: number; category: string | null; source: string | null; confidence: number | null };

/** A fresh read-only look at budget.db (not the app's connection). */
export function budgetQuery<T = any>(h: WebHarness, sql: string, ...params: any[]): T[] {
  const db = new Database(h.budget.path, { readonly: true });
  try {
    return db.query(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function manualCount(h: WebHarness): number {
  return budgetQuery<{ n: number }>(h, "SELECT count(*) AS n FROM transactions WHERE source = 'manual'")[0]!.n;
}

/** Every row's classification, by id (to prove nothing else changed). */
export function snapshot(h: WebHarness): Map<number, TxRow> {
  return new Map(budgetQuery<TxRow>(h, "SELECT id, category, source, confidence FROM transactions").map((r) => [r.id, r]));
}

export function changedIds(before: Map<number, TxRow>, after: Map<number, TxRow>): number[] {
  const out: number[] = [];
  for (const [id, r] of after) {
    const b = before.get(id);
    if (!b || b.category !== r.category || b.source !== r.source || b.confidence !== r.confidence) out.push(id);
  }
  return out.sort((a, b) => a - b);
}

/** The tool_result blocks of the last user message the model received in request `index`. */
export function toolResultsOf(fake: FakeAnthropic, index: number): any[] {
  const messages = fake.requests[index]!.body.messages!;
  return messages.flatMap((m: any) => (m.role === "user" && Array.isArray(m.content) ? m.content.filter((b: any) => b.type === "tool_result") : []));
}

export function resultText(block: any): string {
  return typeof block.content === "string" ? block.content : block.content.map((c: any) => c.text ?? "").join("");
}

/** Audit kinds of a conversation, oldest first. */
export function auditKinds(h: WebHarness, conversationId: string): string[] {
  return h.store.audit
    .list({ limit: 10_000 })
    .filter((e) => e.conversationId === conversationId)
    .reverse()
    .map((e) => e.kind);
}

/** Wait for the continuation turn a decision started (if it is still answering): it consumes a scripted reply. */
export async function continued(h: WebHarness, approvalId: string): Promise<void> {
  await h.chat.continuationOf(approvalId)?.finished;
}
