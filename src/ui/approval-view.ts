import type { ApprovalDecision } from "../core/vocab.ts";
import type { Approval, ApprovalResult } from "../store/approvals.ts";

/** Where an executed change stands: Undo still possible, undone, or an undo that failed. */
export type UndoState = { kind: "available" } | { kind: "done"; message: string } | { kind: "failed"; message: string };

/** How an approval card should look now, from the stored approval (not from the turn's events). */
export type ApprovalState = { decision: { decision: ApprovalDecision; detail: string; failed?: boolean } | null; undo: UndoState | null };

export function approvalState(a: Approval, fallbackDetail = ""): ApprovalState {
  const result = (a.result ?? null) as ApprovalResult | null;
  const detail = result?.message ?? fallbackDetail;
  const decision: ApprovalDecision | null =
    a.status === "approved" || a.status === "executed" || a.status === "undone" || a.status === "failed"
      ? "approved"
      : a.status === "rejected" || a.status === "expired"
        ? a.status
        : null;
  const undo: UndoState | null =
    a.status === "executed"
      ? { kind: "available" }
      : a.status === "undone"
        ? { kind: "done", message: result?.undone?.message ?? "This change was undone." }
        : null;
  // `failed`: approved, but the change could not be made.
  return { decision: decision ? { decision, detail, ...(a.status === "failed" ? { failed: true } : {}) } : null, undo };
}
