import { Hono, type MiddlewareHandler } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { type AgentEvent } from "../../core/events.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { jsonBody } from "../middleware/respond.ts";
import { lazySchema } from "../../core/validation.ts";
import type { AnswerFigure } from "../../core/figures.ts";
import { figureRowsLinks } from "../../transactions/link.ts";

const ChatRequest = lazySchema(() =>
  z.strictObject({
    message: z.string().min(1, "message must not be empty"),
    conversation_id: z.string().min(1).max(100).optional(),
  }),
);
const ResetRequest = lazySchema(() => z.strictObject({ conversation_id: z.string().min(1).max(100) }));

/**
 * The figures as the API sends them: each with `links` to the rows behind it (SPEC §11.1 drill-down:
 * `[{href, label, of}]`, see src/transactions/link.ts figureRowsLinks), worked out from its sources' `rows`
 * when sent, so a stored turn replayed gets them too.
 */
const withRowsLinks = (figures: readonly AnswerFigure[]) => figures.map((f) => ({ ...f, links: figureRowsLinks(f) }));

/** One agent event as a JSON API event (SPEC §4), or null for events the API does not carry. */
export function apiEvent(e: AgentEvent): { event: string; data: unknown } | null {
  switch (e.type) {
    case "text":
      return { event: "chunk", data: { text: e.text } };
    case "tool_started":
      return { event: "tool_use", data: { id: e.id, tool: e.tool, status: "running" } };
    case "tool_finished":
      return { event: "tool_use", data: { id: e.id, tool: e.tool, status: "completed" } };
    case "tool_failed":
      return { event: "tool_use", data: { id: e.id, tool: e.tool, status: "error", error: e.error } };
    case "chart":
      return { event: "chart_artifact", data: e.chart };
    case "table":
      return { event: "table_artifact", data: e.table };
    case "approval_requested":
      return { event: "approval_request", data: { id: e.id, preview: e.preview, expires_at: e.expiresAt } };
    case "approval_decided":
      return { event: "approval_decision", data: { id: e.id, decision: e.decision, detail: e.detail, ...(e.failed ? { failed: true } : {}) } };
    case "notice":
      return { event: "notice", data: { kind: e.kind, message: e.message } };
    case "error":
      return { event: "error", data: { message: e.message, retryable: e.retryable } };
    case "figures":
      // SPEC §11: each figure with its status and sources (the operation and offsets for derived/positioned use).
      return { event: "figures", data: { figures: withRowsLinks(e.figures) } };
    case "repair":
      // SPEC §11.1: the figures after the repair round (confirmed ones derived, corrections attached), before `done`.
      return {
        event: "repair",
        data: {
          asked: e.asked,
          corrected: e.figures.filter((f) => f.correction).length,
          confirmed: e.figures.filter((f) => f.operation === "calculation").length,
          figures: withRowsLinks(e.figures),
          ...(e.error ? { error: e.error } : {}),
        },
      };
    case "done":
      return {
        event: "done",
        data: { conversation_id: e.conversationId, turn_id: e.turnId, incomplete: e.incomplete, usage: e.usage, ...(e.waiting ? { waiting: true } : {}) },
      };
    case "turn_started":
      return null;
  }
}

/** The JSON API: the same agent as the browser, as a stream of JSON events. */
export function apiRoutes(deps: WebDeps, perUser: MiddlewareHandler<WebEnv>) {
  const r = new Hono<WebEnv>();
  const { chat, limits } = deps;

  r.post("/api/chat", perUser, jsonBody(ChatRequest), async (c) => {
    const user = c.get("user");
    const body = c.req.valid("json");
    const turn = chat.startTurn({ userId: user.id, conversationId: body.conversation_id, question: body.message, limits });
    // The client hears of the turn once it is stored (it commits with the other questions of this tick).
    await deps.store.tickCommitted();
    c.env?.server?.timeout(c.req.raw, 0);
    return streamSSE(c, async (stream) => {
      // An API client that goes away stops its answer (the browser UI keeps going instead, for reloads).
      stream.onAbort(() => turn.stop());
      for await (const e of turn.subscribe()) {
        const out = apiEvent(e);
        if (out && !stream.aborted) await stream.writeSSE({ event: out.event, data: JSON.stringify(out.data) });
      }
    });
  });

  // A turn's events as JSON (e.g. the continuation a decision started: continuation_turn_id): live, or as stored.
  r.get("/api/turns/:id/stream", (c) => {
    const userId = c.get("user").id;
    const id = c.req.param("id");
    const live = chat.turn(id);
    const stored = live ? null : deps.store.turns.get(id);
    if (live ? live.userId !== userId : !stored || stored.userId !== userId) return c.json({ error: "turn not found" }, 404);
    c.env?.server?.timeout(c.req.raw, 0);
    return streamSSE(c, async (stream) => {
      const gone = new AbortController();
      stream.onAbort(() => gone.abort());
      const events = live ? live.subscribe(gone.signal) : deps.store.turns.events(id);
      for await (const e of events) {
        const out = apiEvent(e);
        if (out && !stream.aborted) await stream.writeSSE({ event: out.event, data: JSON.stringify(out.data) });
      }
    });
  });

  r.post("/api/chat/reset", jsonBody(ResetRequest), async (c) => {
    const id = c.req.valid("json").conversation_id;
    if (!deps.store.conversations.delete(c.get("user").id, id)) return c.json({ error: `conversation not found: ${id}` }, 404);
    chat.stopConversation(id);
    return c.json({ reset: true, conversation_id: id });
  });

  return r;
}
