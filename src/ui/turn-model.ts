/**
 * What a turn's events add up to, for display: the state behind both the SSE renderer
 * (src/web/sse-renderer.ts) and the static view (views/AssistantMessage.tsx), so a
 * streamed turn and a reloaded one look the same. Pure: events in, model and changes out.
 */
import type { AgentEvent, ApprovalPreview, ChartSpec, TableSpec, Usage } from "../core/events.ts";
import type { ApprovalDecision, NoticeKind, TurnStatus } from "../core/vocab.ts";
import { toolLabel } from "../tools/registry.ts";

/** One tool call's line: running, then done or failed. */
export type ToolLine = { id: string; tool: string; label: string; state: "running" | "done" | "failed"; error?: string };

export type Artifact =
  | { kind: "chart"; chart: ChartSpec }
  | { kind: "table"; table: TableSpec }
  | {
      kind: "approval";
      id: string;
      preview: ApprovalPreview;
      expiresAt: string;
      decision: { decision: ApprovalDecision; detail: string } | null;
    };

export type NoticeItem = { kind: "notice"; noticeKind: NoticeKind; message: string } | { kind: "error"; message: string; retryable: boolean };

/** What a turn's events add up to: the state behind both the stream and the static view. */
export type TurnModel = {
  tools: ToolLine[];
  artifacts: Artifact[];
  /** Text blocks: a new one starts with the first text after a tool call. */
  blocks: string[];
  blockOpen: boolean;
  notices: NoticeItem[];
  usage: Usage | null;
  /** Set by the `done` event. */
  finalStatus: TurnStatus | null;
  sawError: boolean;
  sawStopped: boolean;
};

export type Change =
  | { type: "block-new"; index: number }
  | { type: "block-update"; index: number }
  | { type: "tool-new"; line: ToolLine }
  | { type: "tool-update"; line: ToolLine }
  | { type: "artifact-new"; artifact: Artifact }
  | { type: "approval-decided"; artifact: Extract<Artifact, { kind: "approval" }> }
  | { type: "notice-new"; notice: NoticeItem }
  | { type: "done"; status: TurnStatus; usage: Usage };

export function emptyTurnModel(): TurnModel {
  return { tools: [], artifacts: [], blocks: [], blockOpen: false, notices: [], usage: null, finalStatus: null, sawError: false, sawStopped: false };
}

/** Folds one event into the model; returns what changed (for the stream). */
export function applyEvent(m: TurnModel, e: AgentEvent): Change[] {
  switch (e.type) {
    case "turn_started":
      return [];
    case "text": {
      if (!e.text) return [];
      if (m.blockOpen && m.blocks.length) {
        m.blocks[m.blocks.length - 1] += e.text;
        return [{ type: "block-update", index: m.blocks.length - 1 }];
      }
      m.blocks.push(e.text);
      m.blockOpen = true;
      return [{ type: "block-new", index: m.blocks.length - 1 }];
    }
    case "tool_started": {
      m.blockOpen = false;
      const line: ToolLine = { id: e.id, tool: e.tool, label: toolLabel(e.tool), state: "running" };
      const existing = m.tools.findIndex((t) => t.id === e.id);
      if (existing >= 0) {
        m.tools[existing] = line;
        return [{ type: "tool-update", line }];
      }
      m.tools.push(line);
      return [{ type: "tool-new", line }];
    }
    case "tool_finished":
    case "tool_failed": {
      m.blockOpen = false;
      const line: ToolLine =
        e.type === "tool_finished"
          ? { id: e.id, tool: e.tool, label: toolLabel(e.tool), state: "done" }
          : { id: e.id, tool: e.tool, label: toolLabel(e.tool), state: "failed", error: e.error };
      const existing = m.tools.findIndex((t) => t.id === e.id);
      if (existing >= 0) {
        m.tools[existing] = line;
        return [{ type: "tool-update", line }];
      }
      m.tools.push(line);
      return [{ type: "tool-new", line }];
    }
    case "chart": {
      m.blockOpen = false;
      const artifact: Artifact = { kind: "chart", chart: e.chart };
      m.artifacts.push(artifact);
      return [{ type: "artifact-new", artifact }];
    }
    case "table": {
      m.blockOpen = false;
      const artifact: Artifact = { kind: "table", table: e.table };
      m.artifacts.push(artifact);
      return [{ type: "artifact-new", artifact }];
    }
    case "approval_requested": {
      m.blockOpen = false;
      const artifact: Artifact = { kind: "approval", id: e.id, preview: e.preview, expiresAt: e.expiresAt, decision: null };
      m.artifacts.push(artifact);
      return [{ type: "artifact-new", artifact }];
    }
    case "approval_decided": {
      const a = m.artifacts.find((x): x is Extract<Artifact, { kind: "approval" }> => x.kind === "approval" && x.id === e.id);
      if (!a) return [];
      a.decision = { decision: e.decision, detail: e.detail };
      return [{ type: "approval-decided", artifact: a }];
    }
    case "notice": {
      if (e.kind === "stopped") m.sawStopped = true;
      const notice: NoticeItem = { kind: "notice", noticeKind: e.kind, message: e.message };
      m.notices.push(notice);
      return [{ type: "notice-new", notice }];
    }
    case "error": {
      m.sawError = true;
      const notice: NoticeItem = { kind: "error", message: e.message, retryable: e.retryable };
      m.notices.push(notice);
      return [{ type: "notice-new", notice }];
    }
    case "done": {
      m.blockOpen = false;
      m.usage = e.usage;
      m.finalStatus = m.sawError ? "error" : m.sawStopped ? "stopped" : "done";
      return [{ type: "done", status: m.finalStatus, usage: e.usage }];
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

