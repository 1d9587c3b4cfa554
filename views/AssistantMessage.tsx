import { type AgentEvent, type Usage } from "../src/core/events.ts";
import { domIds } from "../src/ui/dom-ids.ts";
import { buildTurnModel, textBlocks, type Block } from "../src/ui/turn-model.ts";
import { marksByBlock, type FigureMark } from "../src/ui/figure-marks.ts";
import { FiguresCheck } from "./FiguresCheck.tsx";
import { type ApprovalState } from "../src/ui/approval-view.ts";
import type { TurnStatus as TurnStatusValue } from "../src/core/vocab.ts";
import { ApprovalCard } from "./ApprovalCard.tsx";
import { ChartFigure } from "./ChartFigure.tsx";
import { DataTable } from "./DataTable.tsx";
import { ErrorNotice } from "./ErrorNotice.tsx";
import { Notice } from "./Notice.tsx";
import { TextBlock } from "./TextBlock.tsx";
import { ToolStatus } from "./ToolStatus.tsx";
import { TurnActions } from "./TurnActions.tsx";
import { TurnStatus } from "./TurnStatus.tsx";
import { UsageLine } from "./UsageLine.tsx";

/** How answers are shown: the data's currency, and whether token counts appear (`--show-usage`; off by default). */
export type AnswerOptions = { currency: string; showUsage?: boolean };

export type AssistantMessageProps = {
  turnId: string;
  status: TurnStatusValue;
  /**
   * The turn's events so far. For a running turn pass [] (or the events so far: the
   * stream's first message resets the zones and replays from the start either way).
   */
  events: AgentEvent[];
  usage?: Usage | null;
  /** Approvals' current state by id, which may be newer than the turn's events (e.g. undone). */
  approvals?: Record<string, ApprovalState>;
} & AnswerOptions;

/** One block of an answer (text, tool status, chart, table or approval card). */
export function AnswerBlock({
  turnId,
  block,
  options,
  approvals,
  marks,
}: {
  turnId: string;
  block: Block;
  options: AnswerOptions;
  approvals?: Record<string, ApprovalState>;
  /** The marks of the answer's checked figures, by text block (once checked). */
  marks?: Map<number, FigureMark[][]>;
}) {
  switch (block.kind) {
    case "text":
      return <TextBlock turnId={turnId} n={block.n} text={block.text} marks={marks?.get(block.n)} />;
    case "tool":
      return <ToolStatus turnId={turnId} line={block.line} />;
    case "chart":
      return <ChartFigure chart={block.chart} currency={options.currency} id={domIds.chart(turnId, block.n)} turnId={turnId} n={block.n} transactions={block.transactions} />;
    case "table":
      return (
        <DataTable
          table={block.table}
          currency={options.currency}
          id={domIds.table(turnId, block.n)}
          turnId={turnId}
          n={block.n}
          canShowAll
          transactions={block.transactions}
        />
      );
    case "approval":
      return (
        <ApprovalCard
          approvalId={block.id}
          preview={block.preview}
          expiresAt={block.expiresAt}
          decision={approvals?.[block.id]?.decision ?? block.decision}
          undo={approvals?.[block.id]?.undo}
        />
      );
  }
}

/**
 * An assistant turn: its blocks in the order they happened, then notices (how it ended),
 * the usage line (only with `--show-usage`) and the answer's actions. Finished turns
 * render fully from their stored events; a running turn also holds the hx-sse connect
 * element that streams the rest (GET /turns/:id/stream).
 */
export function AssistantMessage({ turnId, status, events, usage, currency, showUsage, approvals }: AssistantMessageProps) {
  const m = buildTurnModel(events);
  const shownUsage = usage ?? m.usage;
  const running = status === "running";
  const options = { currency, showUsage };
  const marks = m.figures ? marksByBlock(textBlocks(m), m.figures) : undefined;
  return (
    <article class="msg assistant" id={domIds.turn(turnId)} data-turn={turnId} data-status={status} aria-busy={running ? "true" : "false"}>
      <h2 class="sr-only">Assistant</h2>
      <TurnStatus turnId={turnId} status={status} />
      <div class="answer" id={domIds.answer(turnId)}>
        {m.blocks.map((b) => (
          <AnswerBlock turnId={turnId} block={b} options={options} approvals={approvals} marks={marks} />
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
        {m.figures ? <FiguresCheck turnId={turnId} figures={m.figures} /> : null}
      </div>
      <footer class="usage" id={domIds.usage(turnId)}>
        {showUsage && shownUsage && !running ? <UsageLine usage={shownUsage} /> : null}
      </footer>
      <div class="turn-actions" id={domIds.actions(turnId)}>
        {running ? null : <TurnActions turnId={turnId} status={status} model={m} />}
      </div>
      {running ? (
        <div class="sse" hidden hx-sse:connect={`/turns/${encodeURIComponent(turnId)}/stream`} hx-sse:close="done"></div>
      ) : null}
    </article>
  );
}
