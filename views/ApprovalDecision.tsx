import type { ApprovalPreview } from "../src/core/events.ts";
import { decisionWords, type DecisionView } from "../src/ui/approval-view.ts";
import { domIds } from "../src/ui/dom-ids.ts";

/**
 * What replaces an approval card's buttons once decided (by the stream's
 * approval_decided event, or by the approve/reject POST response): what happened, in
 * words. Focusable: app.js moves focus here after a decision made on this page.
 */
export function ApprovalDecision({ approvalId, decision, preview }: { approvalId: string; decision: DecisionView; preview: ApprovalPreview }) {
  return (
    <div
      class="approval-actions decided"
      id={domIds.approvalActions(approvalId)}
      data-decision={decision.decision}
      data-failed={decision.failed ? "true" : undefined}
      tabindex={-1}
      role="status"
    >
      <p class="decision">
        <strong>{decisionWords(decision, preview)}</strong>
      </p>
    </div>
  );
}
