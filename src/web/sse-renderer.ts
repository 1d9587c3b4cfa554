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
import { escapeHtml } from "../core/html.ts";
import type { TurnStatus as TurnStatusValue } from "../core/vocab.ts";
import { domIds } from "../ui/dom-ids.ts";
import { renderMarkdown } from "../ui/markdown.ts";
import { blockHtml as markedBlockHtml, marksByBlock } from "../ui/figure-marks.ts";
import { applyEvent, emptyTurnModel, finishedSegments, textBlocks, textSegments, type Block, type Change, type NoticeItem, type TextBlock as TextBlockModel, type TurnModel } from "../ui/turn-model.ts";
import { AnswerBlock, type AnswerOptions } from "../../views/AssistantMessage.tsx";
import { ApprovalHead } from "../../views/ApprovalCard.tsx";
import { ApprovalDecision } from "../../views/ApprovalDecision.tsx";
import { ErrorNotice } from "../../views/ErrorNotice.tsx";
import { FiguresCheck } from "../../views/FiguresCheck.tsx";
import { Notice } from "../../views/Notice.tsx";
import { TextBlock } from "../../views/TextBlock.tsx";
import { ToolStatus } from "../../views/ToolStatus.tsx";
import { TurnActions } from "../../views/TurnActions.tsx";
import { TurnStatus } from "../../views/TurnStatus.tsx";
import { UsageLine } from "../../views/UsageLine.tsx";

/** One SSE message: pass it to hono's `stream.writeSSE`. */
export type SseMessage = { event?: string; data: string };

/**
 * The named SSE event that appends plain text to the streaming text block's live tail
 * (data: a JSON string). public/app.js appends it as a text node (never as HTML) to the
 * last `.tb-live` of the answer whose stream sent it.
 */
export const TEXT_EVENT = "tx";

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

export function renderNotice(n: NoticeItem, turnId: string): string {
  return n.kind === "error"
    ? toHtml(ErrorNotice({ message: n.message, retryable: n.retryable, turnId }))
    : toHtml(Notice({ kind: n.noticeKind, message: n.message }));
}

export type FragmentRenderer = {
  /** Zero or more SSE messages for one event; the first call also yields the reset message. */
  render(event: AgentEvent): SseMessage[];
  /**
   * SSE messages for several events at once (what arrived since the last write): text
   * deltas of the batch go out together, as one append.
   */
  renderBatch(events: AgentEvent[]): SseMessage[];
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

/** What the browser shows of one text block so far (the stream sends only what is new). */
type Shown = { segments: number; restStart: number; tail: number };

/**
 * A per-turn, per-stream renderer: create one for each GET /turns/:id/stream response
 * and feed it every event from the start of the turn.
 *
 * Text is sent append-only: a text block is its finished paragraphs (rendered markdown,
 * each sent once when a blank line ends it: `beforeend` into `.tb-done`) and a live tail
 * (the unfinished paragraph as plain text: `tx` events append to `.tb-live`). When the
 * block ends, its last paragraph is rendered and the tail emptied. So the bytes on the
 * wire are about the text once as markdown plus once as plain text, however often it
 * is sent, and nothing already shown is replaced (a selection in it survives).
 */
export function createFragmentRenderer(turnId: string, options: AnswerOptions): FragmentRenderer {
  const model = emptyTurnModel();
  let started = false;
  const ids = {
    answer: domIds.answer(turnId),
    notices: domIds.notices(turnId),
    usage: domIds.usage(turnId),
    status: domIds.status(turnId),
    actions: domIds.actions(turnId),
  };
  const shown = new Map<number, Shown>();
  /** The text block whose new text is not sent yet, and whether it is new altogether. */
  let dirty: { block: TextBlockModel; isNew: boolean } | null = null;

  const reset = (): SseMessage => ({
    data: [
      partial(ids.answer, "innerHTML"),
      partial(ids.notices, "innerHTML"),
      partial(ids.usage, "innerHTML"),
      partial(ids.actions, "innerHTML"),
      partial(ids.status, "outerHTML", toHtml(TurnStatus({ turnId, status: "running" }))),
    ].join(""),
  });

  /** Sends what the browser lacks of a text block; `closed`: the block is finished. */
  const sendText = (block: TextBlockModel, isNew: boolean, closed: boolean): SseMessage[] => {
    const { segments, rest } = textSegments(block.text);
    const restStart = block.text.length - rest.length;
    const done = closed && rest.trim() ? [...segments, rest] : segments;
    const tail = closed ? "" : rest;
    if (isNew) {
      shown.set(block.n, { segments: done.length, restStart, tail: tail.length });
      return [{ data: partial(ids.answer, "beforeend", toHtml(TextBlock({ turnId, n: block.n, text: block.text, open: !closed }))) }];
    }
    const s = shown.get(block.n) ?? { segments: 0, restStart: 0, tail: 0 };
    shown.set(block.n, { segments: done.length, restStart, tail: tail.length });
    const fresh = done.slice(s.segments);
    if (fresh.length) {
      return [
        {
          data:
            partial(domIds.blockDone(turnId, block.n), "beforeend", fresh.map(renderMarkdown).join("")) +
            partial(domIds.blockLive(turnId, block.n), "innerHTML", escapeHtml(tail)),
        },
      ];
    }
    if (restStart !== s.restStart || tail.length < s.tail) return [{ data: partial(domIds.blockLive(turnId, block.n), "innerHTML", escapeHtml(tail)) }];
    const delta = tail.slice(s.tail);
    return delta ? [{ event: TEXT_EVENT, data: JSON.stringify(delta) }] : [];
  };

  const flush = (closed = false): SseMessage[] => {
    if (!dirty) return [];
    const { block, isNew } = dirty;
    dirty = null;
    return sendText(block, isNew, closed);
  };

  const blockHtml = (b: Block) => toHtml(AnswerBlock({ turnId, block: b, options }));

  const fragment = (c: Change): SseMessage[] => {
    switch (c.type) {
      case "text-new": {
        const out = flush();
        dirty = { block: c.block, isNew: true };
        return out;
      }
      case "text-append":
        if (!dirty) dirty = { block: c.block, isNew: false };
        return [];
      case "text-close":
        if (!dirty) dirty = { block: c.block, isNew: false };
        return flush(true);
      case "block-new":
        return [...flush(), { data: partial(ids.answer, "beforeend", blockHtml(c.block)) }];
      case "tool-update":
        return [...flush(), { data: partial(domIds.tool(turnId, c.line.id), "outerHTML", toHtml(ToolStatus({ turnId, line: c.line }))) }];
      case "approval-decided": {
        // The head and the actions only: the decision's POST response may already have
        // replaced the whole card (with its Undo button), which this must not undo.
        const a = c.block;
        const d = a.decision!;
        return [
          ...flush(),
          {
            data:
              partial(domIds.approvalHead(a.id), "outerHTML", toHtml(ApprovalHead({ approvalId: a.id, preview: a.preview, expiresAt: a.expiresAt, decided: true }))) +
              partial(domIds.approvalActions(a.id), "outerHTML", toHtml(ApprovalDecision({ approvalId: a.id, decision: d, preview: a.preview }))),
          },
        ];
      }
      case "notice-new":
        return [...flush(), { data: partial(ids.notices, "beforeend", renderNotice(c.notice, turnId)) }];
      case "figures": {
        // The answer's text has ended (or the repair round ran): its paragraphs are sent again, with the marks of their figures.
        const blocks = textBlocks(model);
        const marks = marksByBlock(blocks, c.figures);
        const redo = blocks
          .filter((b) => marks.get(b.n)?.some((p) => p.length))
          .map((b) => partial(domIds.blockDone(turnId, b.n), "innerHTML", markedBlockHtml(finishedSegments(b.text), marks.get(b.n), domIds.figureNotes(turnId))));
        // The line under the answer: added the first time, replaced after the repair round.
        const check = toHtml(FiguresCheck({ turnId, figures: c.figures }));
        const line = c.repaired ? partial(domIds.figuresCheck(turnId), "outerHTML", check) : partial(ids.notices, "beforeend", check);
        return [...flush(), { data: redo.join("") + line }];
      }
      case "done":
        return [
          ...flush(),
          {
            data:
              (options.showUsage ? partial(ids.usage, "innerHTML", toHtml(UsageLine({ usage: c.usage }))) : "") +
              partial(ids.actions, "innerHTML", toHtml(TurnActions({ turnId, status: c.status, model }))) +
              partial(ids.status, "outerHTML", toHtml(TurnStatus({ turnId, status: c.status }))),
          },
          { event: "done", data: c.status },
        ];
    }
  };

  const renderBatch = (events: AgentEvent[]): SseMessage[] => {
    const out: SseMessage[] = [];
    if (!started && events.length) {
      started = true;
      out.push(reset());
    }
    for (const e of events) for (const c of applyEvent(model, e)) out.push(...fragment(c));
    out.push(...flush());
    return out;
  };

  return {
    model,
    render: (event) => renderBatch([event]),
    renderBatch,
    end(requested: TurnStatusValue = "interrupted"): SseMessage[] {
      if (model.finalStatus) return [];
      // A stream that ends is never still running: the page must not wait for it.
      const status: TurnStatusValue = requested === "running" ? "interrupted" : requested;
      const out: SseMessage[] = [];
      if (!started) {
        started = true;
        out.push(reset());
      }
      const last = model.blocks.at(-1);
      if (model.textOpen && last?.kind === "text") {
        model.textOpen = false;
        if (!dirty) dirty = { block: last, isNew: false };
        out.push(...flush(true));
      }
      model.finalStatus = status;
      out.push(
        {
          data:
            partial(ids.actions, "innerHTML", toHtml(TurnActions({ turnId, status, model }))) +
            partial(ids.status, "outerHTML", toHtml(TurnStatus({ turnId, status }))),
        },
        { event: "done", data: status },
      );
      return out;
    },
  };
}
