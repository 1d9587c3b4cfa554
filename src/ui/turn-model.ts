/**
 * What a turn's events add up to, for display: the state behind both the SSE renderer
 * (src/web/sse-renderer.ts) and the static view (views/AssistantMessage.tsx), so a
 * streamed turn and a reloaded one look the same. Pure: events in, model and changes out.
 *
 * An answer is a sequence of blocks in the order they happened (SPEC §4): text, tool
 * status, chart, table, approval card, more text. Text only ever appends to the last
 * block, and only while that block is a text block ("open"); anything else closes it, so
 * the next text starts a new block after it.
 */
import type { AgentEvent, ApprovalPreview, ChartSpec, TableSpec, Usage } from "../core/events.ts";
import type { AnswerFigure } from "../core/figures.ts";
import type { NoticeKind, TurnStatus } from "../core/vocab.ts";
import { toolByName } from "../tools/registry.ts";
import type { ReadTool } from "../tools/types.ts";
import type { DecisionView } from "./approval-view.ts";
import { parseToolInput } from "../tools/invoke.ts";

/** One tool call's line: running, then done or failed. */
export type ToolLine = { id: string; tool: string; label: string; state: "running" | "done" | "failed"; error?: string };

export type TextBlock = { kind: "text"; /** Ordinal among the turn's text blocks (DOM ids). */ n: number; text: string };
export type ToolBlock = { kind: "tool"; line: ToolLine };
/** `transactions`: the Transactions page's address for the rows behind it, when the page can show exactly those. */
export type ChartBlock = { kind: "chart"; n: number; toolId: string; chart: ChartSpec; transactions?: string };
export type TableBlock = { kind: "table"; n: number; toolId: string; table: TableSpec; transactions?: string };
export type ApprovalBlock = {
  kind: "approval";
  id: string;
  preview: ApprovalPreview;
  expiresAt: string;
  decision: DecisionView | null;
};
export type Block = TextBlock | ToolBlock | ChartBlock | TableBlock | ApprovalBlock;

export type NoticeItem = { kind: "notice"; noticeKind: NoticeKind; message: string } | { kind: "error"; message: string; retryable: boolean };

/** What a turn's events add up to: the state behind both the stream and the static view. */
export type TurnModel = {
  /** The answer, in the order it happened. */
  blocks: Block[];
  /** The last block is a text block that more text may still extend. */
  textOpen: boolean;
  /** Tool calls by id: name and input as the model sent it (readCall gives it as the tool reads it; "Show all" re-runs it with a bigger limit). */
  toolCalls: Record<string, { tool: string; input: unknown }>;
  notices: NoticeItem[];
  /** The answer's checked figures (SPEC §11), once its text has ended (after the repair round, as it left them); null before. */
  figures: AnswerFigure[] | null;
  usage: Usage | null;
  /** Set by the `done` event. */
  finalStatus: TurnStatus | null;
  /**
   * The status stored for a finished turn, when known (a replay): `done` takes it instead
   * of inferring one, so an interrupted answer reads "interrupted" (its stored events end
   * with a retryable error) as on a page load.
   */
  storedStatus?: TurnStatus;
  sawError: boolean;
  sawStopped: boolean;
  /** A continuation: it reports an approval's outcome and has no question of its own (nothing to regenerate). */
  continues: boolean;
};

export type Change =
  /** A new text block (its first text is in the block). */
  | { type: "text-new"; block: TextBlock }
  /** `delta` was appended to the last (open) text block. */
  | { type: "text-append"; block: TextBlock; delta: string }
  /** The open text block is finished: nothing more will append to it. */
  | { type: "text-close"; block: TextBlock }
  /** A new non-text block at the end of the answer. */
  | { type: "block-new"; block: ToolBlock | ChartBlock | TableBlock | ApprovalBlock }
  | { type: "tool-update"; line: ToolLine }
  | { type: "approval-decided"; block: ApprovalBlock }
  | { type: "notice-new"; notice: NoticeItem }
  /** The answer's figures were checked (`repaired`: again, after the repair round): the text blocks get their marks. */
  | { type: "figures"; figures: AnswerFigure[]; repaired?: boolean }
  | { type: "done"; status: TurnStatus; usage: Usage };

export function emptyTurnModel(): TurnModel {
  return { blocks: [], textOpen: false, toolCalls: {}, notices: [], figures: null, usage: null, finalStatus: null, sawError: false, sawStopped: false, continues: false };
}

/** The text blocks of a model, in order. */
export function textBlocks(m: TurnModel): TextBlock[] {
  return m.blocks.filter((b): b is TextBlock => b.kind === "text");
}

function count(m: TurnModel, kind: Block["kind"]): number {
  return m.blocks.reduce((n, b) => n + (b.kind === kind ? 1 : 0), 0);
}

/** Closes the open text block, if any. */
function close(m: TurnModel): Change[] {
  if (!m.textOpen) return [];
  m.textOpen = false;
  const last = m.blocks.at(-1);
  return last?.kind === "text" ? [{ type: "text-close", block: last }] : [];
}

/** A tool's line keeps the label its start event carried. */
function labelOf(m: TurnModel, id: string, tool: string): string {
  return m.blocks.find((b): b is ToolBlock => b.kind === "tool" && b.line.id === id)?.line.label ?? namedLabel(tool);
}

/** For a start event without a label (stored before labels travelled in events): "spending_by_category" → "Spending by category…". */
function namedLabel(tool: string): string {
  const words = tool.replace(/_/g, " ");
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}…`;
}

function toolLine(m: TurnModel, line: ToolLine): Change[] {
  const existing = m.blocks.find((b): b is ToolBlock => b.kind === "tool" && b.line.id === line.id);
  if (existing) {
    existing.line = line;
    return [{ type: "tool-update", line }];
  }
  const out = close(m);
  const block: ToolBlock = { kind: "tool", line };
  m.blocks.push(block);
  return [...out, { type: "block-new", block }];
}

/**
 * A read call of the turn with its tool and its input as the tool reads it (defaults
 * filled in); null for a call of a tool this build does not know, or an input it refuses.
 */
export function readCall(m: TurnModel, toolId: string): { tool: ReadTool; input: unknown } | null {
  const call = m.toolCalls[toolId];
  const tool = call ? toolByName(call.tool) : undefined;
  if (!call || tool?.risk !== "low") return null;
  const parsed = parseToolInput(tool.schema(), call.input ?? {});
  return parsed.success ? { tool, input: parsed.data } : null;
}

/** "See these transactions" for a chart or table of a tool call: the tool's own link for the call's rows. */
function rowsLink(m: TurnModel, toolId: string): { transactions?: string } {
  const call = readCall(m, toolId);
  const href = call?.tool.rowsLink?.(call.input) ?? null;
  return href ? { transactions: href } : {};
}

/** Folds one event into the model; returns what changed (for the stream). */
export function applyEvent(m: TurnModel, e: AgentEvent): Change[] {
  switch (e.type) {
    case "turn_started":
      if (e.continues) m.continues = true;
      return [];
    case "text": {
      if (!e.text) return [];
      const last = m.blocks.at(-1);
      if (m.textOpen && last?.kind === "text") {
        last.text += e.text;
        return [{ type: "text-append", block: last, delta: e.text }];
      }
      const block: TextBlock = { kind: "text", n: count(m, "text"), text: e.text };
      m.blocks.push(block);
      m.textOpen = true;
      return [{ type: "text-new", block }];
    }
    case "tool_started":
      m.toolCalls[e.id] = { tool: e.tool, input: e.input };
      return toolLine(m, { id: e.id, tool: e.tool, label: e.label ?? namedLabel(e.tool), state: "running" });
    case "tool_finished":
      return toolLine(m, { id: e.id, tool: e.tool, label: labelOf(m, e.id, e.tool), state: "done" });
    case "tool_failed":
      return toolLine(m, { id: e.id, tool: e.tool, label: labelOf(m, e.id, e.tool), state: "failed", error: e.error });
    case "chart": {
      const out = close(m);
      const block: ChartBlock = { kind: "chart", n: count(m, "chart"), toolId: e.toolId, chart: e.chart, ...rowsLink(m, e.toolId) };
      m.blocks.push(block);
      return [...out, { type: "block-new", block }];
    }
    case "table": {
      const out = close(m);
      const block: TableBlock = { kind: "table", n: count(m, "table"), toolId: e.toolId, table: e.table, ...rowsLink(m, e.toolId) };
      m.blocks.push(block);
      return [...out, { type: "block-new", block }];
    }
    case "approval_requested": {
      const out = close(m);
      const block: ApprovalBlock = { kind: "approval", id: e.id, preview: e.preview, expiresAt: e.expiresAt, decision: null };
      m.blocks.push(block);
      return [...out, { type: "block-new", block }];
    }
    case "approval_decided": {
      const a = m.blocks.find((x): x is ApprovalBlock => x.kind === "approval" && x.id === e.id);
      if (!a) return [];
      a.decision = { decision: e.decision, detail: e.detail, ...(e.failed ? { failed: true } : {}) };
      return [{ type: "approval-decided", block: a }];
    }
    case "notice": {
      if (e.kind === "stopped") m.sawStopped = true;
      const notice: NoticeItem = { kind: "notice", noticeKind: e.kind, message: e.message };
      m.notices.push(notice);
      return [...close(m), { type: "notice-new", notice }];
    }
    case "error": {
      m.sawError = true;
      const notice: NoticeItem = { kind: "error", message: e.message, retryable: e.retryable };
      m.notices.push(notice);
      return [...close(m), { type: "notice-new", notice }];
    }
    case "figures": {
      m.figures = e.figures;
      return [...close(m), { type: "figures", figures: e.figures }];
    }
    case "repair": {
      m.figures = e.figures;
      return [...close(m), { type: "figures", figures: e.figures, repaired: true }];
    }
    case "done": {
      const out = close(m);
      m.usage = e.usage;
      m.finalStatus = m.storedStatus ?? (m.sawError ? "error" : m.sawStopped ? "stopped" : e.waiting ? "waiting" : "done");
      return [...out, { type: "done", status: m.finalStatus, usage: e.usage }];
    }
    default:
      return [];
  }
}

export function buildTurnModel(events: AgentEvent[]): TurnModel {
  const m = emptyTurnModel();
  for (const e of events) applyEvent(m, e);
  return m;
}

/**
 * Markdown text cut into paragraphs that render on their own: at blank lines outside
 * fenced code. `segments` are finished (a blank line followed them); `rest` is the text
 * after the last cut (still growing while the block streams). For a finished block, the
 * rest is its last segment. Both the stream (which sends each segment once, rendered,
 * as soon as it is finished) and the static view render a block as its segments, so
 * they match exactly.
 */
export function textSegments(text: string): { segments: string[]; rest: string } {
  const segments: string[] = [];
  let fence: string | null = null;
  let start = 0;
  let pos = 0;
  let sawContent = false;
  while (true) {
    const nl = text.indexOf("\n", pos);
    if (nl < 0) break;
    const line = text.slice(pos, nl);
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (!fence) fence = f[1]![0]!.repeat(f[1]!.length);
      else if (line.trim().startsWith(fence) && /^ {0,3}(`{3,}|~{3,})\s*$/.test(line)) fence = null;
      sawContent = true;
    } else if (!fence && line.trim() === "") {
      if (sawContent) {
        segments.push(text.slice(start, nl + 1));
        start = nl + 1;
        sawContent = false;
      } else {
        start = nl + 1; // leading blank lines belong to nothing
      }
    } else {
      sawContent = true;
    }
    pos = nl + 1;
  }
  return { segments, rest: text.slice(start) };
}

/** A finished block's segments (the rest included when it has content). */
export function finishedSegments(text: string): string[] {
  const { segments, rest } = textSegments(text);
  return rest.trim() ? [...segments, rest] : segments;
}
