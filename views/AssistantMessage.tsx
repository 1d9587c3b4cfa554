import { type AgentEvent, type Usage } from "../src/core/events.ts";
import { domIds } from "../src/ui/dom-ids.ts";
import { buildTurnModel } from "../src/ui/turn-model.ts";
import { type ApprovalState } from "../src/ui/approval-view.ts";
import type { TurnStatus as TurnStatusValue } from "../src/core/vocab.ts";
import { ApprovalCard } from "./ApprovalCard.tsx";
import { ChartFigure } from "./ChartFigure.tsx";
import { DataTable } from "./DataTable.tsx";
import { ErrorNotice } from "./ErrorNotice.tsx";
import { Notice } from "./Notice.tsx";
import { TextBlock } from "./TextBlock.tsx";
import { ToolStatus } from "./ToolStatus.tsx";
import { TurnStatus } from "./TurnStatus.tsx";
import { UsageLine } from "./UsageLine.tsx";

export type AssistantMessageProps = {
  turnId: string;
  status: TurnStatusValue;
  /**
   * The turn's events so far. For a running turn pass [] (or the events so far: the
   * stream's first message resets the zones and replays from the start either way).
   */
  events: AgentEvent[];
  usage?: Usage | null;
  currency: string;
  /** Approvals' current state by id, which may be newer than the turn's events (e.g. undone). */
  approvals?: Record<string, ApprovalState>;
};

/**
 * An assistant turn with separate zones (tool status, artifacts, text, notices, usage).
 * Finished turns render fully from their stored events; a running turn also holds the
 * hx-sse connect element that streams the rest (GET /turns/:id/stream).
 */
export function AssistantMessage({ turnId, status, events, usage, currency, approvals }: AssistantMessageProps) {
  const m = buildTurnModel(events);
  const shownUsage = usage ?? m.usage;
  const running = status === "running";
  return (
    <article class="msg assistant" id={domIds.turn(turnId)} data-turn={turnId} data-status={status} aria-busy={running ? "true" : "false"}>
      <h2 class="sr-only">Assistant</h2>
      <TurnStatus turnId={turnId} status={status} />
      <div class="tools" id={domIds.tools(turnId)}>
        {m.tools.map((line) => (
          <ToolStatus turnId={turnId} line={line} />
        ))}
      </div>
      <div class="artifacts" id={domIds.artifacts(turnId)}>
        {m.artifacts.map((a) =>
          a.kind === "chart" ? (
            <ChartFigure chart={a.chart} currency={currency} />
          ) : a.kind === "table" ? (
            <DataTable table={a.table} currency={currency} />
          ) : (
            <ApprovalCard
              approvalId={a.id}
              preview={a.preview}
              expiresAt={a.expiresAt}
              decision={approvals?.[a.id]?.decision ?? a.decision}
              undo={approvals?.[a.id]?.undo}
            />
          ),
        )}
      </div>
      <div class="text" id={domIds.text(turnId)}>
        {m.blocks.map((text, index) => (
          <TextBlock turnId={turnId} index={index} text={text} />
        ))}
      </div>
      <div class="notices" id={domIds.notices(turnId)}>
        {m.notices.map((n) =>
          n.kind === "error" ? (
            <ErrorNotice message={n.message} retryable={n.retryable} turnId={turnId} />
          ) : (
            <Notice kind={n.noticeKind} message={n.message} />
          ),
        )}
      </div>
      <footer class="usage" id={domIds.usage(turnId)}>
        {shownUsage && !running ? <UsageLine usage={shownUsage} /> : null}
      </footer>
      {running ? (
        <div class="sse" hidden hx-sse:connect={`/turns/${encodeURIComponent(turnId)}/stream`} hx-sse:close="done"></div>
      ) : null}
    </article>
  );
}
