import type { ApprovalPreview } from "../src/core/events.ts";
import { formatClock } from "../src/core/format.ts";
import { decisionWords, undoneWords, type DecisionView, type UndoState } from "../src/ui/approval-view.ts";
import { domIds } from "../src/ui/dom-ids.ts";

/**
 * What replaces an approval card's buttons once decided (by the stream's
 * approval_decided event, or by the approve/reject POST response): the card's one state
 * line, in words — what happened, or, once undone, only that ("Undone at 14:05: …"; the
 * time on the 24-hour clock, page.js rewrites it in the browser's zone). Focusable:
 * app.js moves focus here after a decision or an undo made on this page.
 */
export function ApprovalDecision({ approvalId, decision, preview, undone }: { approvalId: string; decision: DecisionView; preview: ApprovalPreview; undone?: Extract<UndoState, { kind: "done" }> | null }) {
  return (
    <div
      class="approval-actions decided"
      id={domIds.approvalActions(approvalId)}
      data-decision={undone ? "undone" : decision.decision}
      data-failed={decision.failed && !undone ? "true" : undefined}
      tabindex={-1}
      role="status"
    >
      <p class="decision">
        {undone ? (
          <strong>
            Undone at{" "}
            <time class="local-time" datetime={undone.at}>
              {formatClock(undone.at)}
            </time>
            : {undoneWords(undone.message)}
          </strong>
        ) : (
          <strong>{decisionWords(decision, preview)}</strong>
        )}
      </p>
    </div>
  );
}
