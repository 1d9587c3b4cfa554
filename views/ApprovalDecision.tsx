import type { ApprovalDecision as Decision } from "../src/core/vocab.ts";
import { domIds } from "../src/ui/dom-ids.ts";

const TEXT: Record<Decision, string> = { approved: "✓ Approved", rejected: "✗ Rejected", expired: "⌛ Expired" };

/**
 * What replaces an approval card's buttons once decided (by the stream's
 * approval_decided event, or by the approve/reject POST response).
 */
export function ApprovalDecision({ approvalId, decision, detail }: { approvalId: string; decision: Decision; detail?: string }) {
  return (
    <div class="approval-actions decided" id={domIds.approvalActions(approvalId)} data-decision={decision}>
      <p class="decision">
        <strong>{TEXT[decision] ?? decision}</strong>
        {detail ? <> — {detail}</> : null}
      </p>
    </div>
  );
}
