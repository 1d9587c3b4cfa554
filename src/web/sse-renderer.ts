/**
 * The SSE renderer of an assistant turn: AgentEvents in, htmx 4 SSE messages out.
 *
 * Protocol (what GET /turns/:id/stream writes, one SSE message per item):
 *   - `{ data }` (no event name): an HTML fragment made only of
 *     `<hx-partial hx-target="#id" hx-swap="…">…</hx-partial>` elements. hx-sse swaps
 *     each partial into its target; nothing lands in the connect element itself.
 *   - `{ event: "done", data: status }`: the last message of a turn. The connect element
 *     carries `hx-sse:close="done"`, so hx-sse closes the stream on it and does not
 *     reconnect (it is dispatched as a DOM event `done`, never swapped).
 * The first message of every stream resets the turn's zones, so a stream that replays a
 * turn from the start (a reload, or hx-sse reconnecting after a network error) never
 * shows anything twice. Write them with
 *   `for (const m of r.render(ev)) await stream.writeSSE(m)`.
 *
 * The static view (views/AssistantMessage.tsx) renders the same events through the same
 * model and components, so a reloaded turn looks exactly like a streamed one.
 */
import type { AgentEvent } from "../core/events.ts";
import type { TurnStatus as TurnStatusValue } from "../core/vocab.ts";
import { domIds } from "../ui/dom-ids.ts";
import { renderMarkdown } from "../ui/markdown.ts";
import { applyEvent, emptyTurnModel, type Artifact, type Change, type NoticeItem, type TurnModel } from "../ui/turn-model.ts";
import { ApprovalCard } from "../../views/ApprovalCard.tsx";
import { ApprovalDecision } from "../../views/ApprovalDecision.tsx";
import { ChartFigure } from "../../views/ChartFigure.tsx";
import { DataTable } from "../../views/DataTable.tsx";
import { ErrorNotice } from "../../views/ErrorNotice.tsx";
import { Notice } from "../../views/Notice.tsx";
import { TextBlock } from "../../views/TextBlock.tsx";
import { ToolStatus } from "../../views/ToolStatus.tsx";
import { TurnStatus } from "../../views/TurnStatus.tsx";
import { UsageLine } from "../../views/UsageLine.tsx";

/** One SSE message: pass it to hono's `stream.writeSSE`. */
export type SseMessage = { event?: string; data: string };

/** A hono/jsx element rendered synchronously (every component here is synchronous). */
export function toHtml(node: unknown): string {
  const out = (node as { toString(): unknown }).toString();
  if (typeof out !== "string" && !(out instanceof String)) throw new Error("toHtml: asynchronous component");
  return String(out);
}

/** `<hx-partial hx-target="#id" hx-swap="…">html</hx-partial>`. */
export function partial(targetId: string, swap: "innerHTML" | "outerHTML" | "beforeend" | "afterbegin" | "delete", html = ""): string {
  return `<hx-partial hx-target="#${targetId}" hx-swap="${swap}">${html}</hx-partial>`;
}

export function renderArtifact(a: Artifact, currency: string): string {
  switch (a.kind) {
    case "chart":
      return toHtml(ChartFigure({ chart: a.chart, currency }));
    case "table":
      return toHtml(DataTable({ table: a.table, currency }));
    case "approval":
      return toHtml(ApprovalCard({ approvalId: a.id, preview: a.preview, expiresAt: a.expiresAt, decision: a.decision }));
  }
}

export function renderNotice(n: NoticeItem, turnId: string): string {
  return n.kind === "error"
    ? toHtml(ErrorNotice({ message: n.message, retryable: n.retryable, turnId }))
    : toHtml(Notice({ kind: n.noticeKind, message: n.message }));
}

export type FragmentRenderer = {
  /** Zero or more SSE messages for one event; the first call also yields the reset message. */
  render(event: AgentEvent): SseMessage[];
  /**
   * Closing messages for a stream whose events ended without `done` (e.g. replaying an
   * interrupted turn from the database): the final status and the named `done` event.
   * Returns [] when `done` was already rendered; "running" is shown as "interrupted".
   * Always call it before ending a stream:
   * a stream that ends without the `done` event makes hx-sse reconnect.
   */
  end(status?: TurnStatusValue): SseMessage[];
  /** The model so far (for tests and for the JSON API if it wants it). */
  readonly model: TurnModel;
};

/**
 * A per-turn, per-stream renderer: create one for each GET /turns/:id/stream response
 * and feed it every event from the start of the turn.
 * Options: `reset: false` skips the initial reset message (only useful in tests).
 */
export function createFragmentRenderer(turnId: string, currency: string, opts: { reset?: boolean } = {}): FragmentRenderer {
  const model = emptyTurnModel();
  let started = opts.reset === false;
  const ids = {
    tools: domIds.tools(turnId),
    artifacts: domIds.artifacts(turnId),
    text: domIds.text(turnId),
    notices: domIds.notices(turnId),
    usage: domIds.usage(turnId),
    status: domIds.status(turnId),
  };

  const reset = (): SseMessage => ({
    data: [
      partial(ids.tools, "innerHTML"),
      partial(ids.artifacts, "innerHTML"),
      partial(ids.text, "innerHTML"),
      partial(ids.notices, "innerHTML"),
      partial(ids.usage, "innerHTML"),
      partial(ids.status, "outerHTML", toHtml(TurnStatus({ turnId, status: "running" }))),
    ].join(""),
  });

  const fragment = (c: Change): SseMessage[] => {
    switch (c.type) {
      case "block-new":
        return [{ data: partial(ids.text, "beforeend", toHtml(TextBlock({ turnId, index: c.index, text: model.blocks[c.index]! }))) }];
      case "block-update":
        return [{ data: partial(domIds.block(turnId, c.index), "innerHTML", renderMarkdown(model.blocks[c.index]!)) }];
      case "tool-new":
        return [{ data: partial(ids.tools, "beforeend", toHtml(ToolStatus({ turnId, line: c.line }))) }];
      case "tool-update":
        return [{ data: partial(domIds.tool(turnId, c.line.id), "outerHTML", toHtml(ToolStatus({ turnId, line: c.line }))) }];
      case "artifact-new":
        return [{ data: partial(ids.artifacts, "beforeend", renderArtifact(c.artifact, currency)) }];
      case "approval-decided": {
        const a = c.artifact;
        const html = toHtml(ApprovalDecision({ approvalId: a.id, decision: a.decision!.decision, detail: a.decision!.detail }));
        return [{ data: partial(domIds.approvalActions(a.id), "outerHTML", html) }];
      }
      case "notice-new":
        return [{ data: partial(ids.notices, "beforeend", renderNotice(c.notice, turnId)) }];
      case "done":
        return [
          {
            data:
              partial(ids.usage, "innerHTML", toHtml(UsageLine({ usage: c.usage }))) +
              partial(ids.status, "outerHTML", toHtml(TurnStatus({ turnId, status: c.status }))),
          },
          { event: "done", data: c.status },
        ];
    }
  };

  return {
    model,
    render(event: AgentEvent): SseMessage[] {
      const out: SseMessage[] = [];
      if (!started) {
        started = true;
        out.push(reset());
      }
      for (const c of applyEvent(model, event)) out.push(...fragment(c));
      return out;
    },
    end(requested: TurnStatusValue = "interrupted"): SseMessage[] {
      if (model.finalStatus) return [];
      // A stream that ends is never still running: the page must not wait for it.
      const status: TurnStatusValue = requested === "running" ? "interrupted" : requested;
      const out: SseMessage[] = [];
      if (!started) {
        started = true;
        out.push(reset());
      }
      model.finalStatus = status;
      out.push({ data: partial(ids.status, "outerHTML", toHtml(TurnStatus({ turnId, status }))) }, { event: "done", data: status });
      return out;
    },
  };
}
