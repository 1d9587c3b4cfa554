import type { ApprovalDecision as Decision } from "../src/core/vocab.ts";
import { domIds } from "../src/ui/dom-ids.ts";

// Only glyphs Debian's default fonts have (DejaVu): no empty boxes.
const TEXT: Record<Decision, string> = { approved: "✓ Approved", rejected: "✗ Rejected", expired: "Expired" };

/**
 * What replaces an approval card's buttons once decided (by the stream's
 * approval_decided event, or by the approve/reject POST response). Focusable: app.js
 * moves focus here after a decision made on this page.
 */
export function ApprovalDecision({ approvalId, decision, detail, failed }: { approvalId: string; decision: Decision; detail?: string; failed?: boolean }) {
  // An answer stopped while its approval waited expires the approval: say "stopped".
  const stopped = decision === "expired" && /\bstopped\b/i.test(detail ?? "");
  // Approved, but the change could not be made (it changed since the preview, a lock…): no ✓.
  const label = stopped ? "Stopped" : failed ? "Approved, not carried out" : (TEXT[decision] ?? decision);
  return (
    <div
      class="approval-actions decided"
      id={domIds.approvalActions(approvalId)}
      data-decision={decision}
      data-stopped={stopped ? "true" : undefined}
      data-failed={failed ? "true" : undefined}
      tabindex={-1}
      role="status"
    >
      <p class="decision">
        <strong>{label}</strong>
        {detail ? <> — {detail}</> : null}
      </p>
    </div>
  );
}
