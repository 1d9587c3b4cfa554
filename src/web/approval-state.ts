import { type Approval } from "../store/approvals.ts";
import type { ApprovalOutcomeRecord } from "../chat/approvals.ts";
import type { Decision } from "../../views/ApprovalDecision.tsx";
import type { UndoState } from "../../views/ApprovalUndo.tsx";

/** How an approval card should look now, from the stored approval (not from the turn's events). */
export type ApprovalState = { decision: { decision: Decision; detail: string } | null; undo: UndoState | null };

export function approvalState(a: Approval, fallbackDetail = ""): ApprovalState {
  const record = (a.result ?? null) as ApprovalOutcomeRecord | null;
  const detail = record?.message ?? fallbackDetail;
  const decision: Decision | null =
    a.status === "approved" || a.status === "executed" || a.status === "undone"
      ? "approved"
      : a.status === "rejected" || a.status === "expired"
        ? a.status
        : null;
  const undo: UndoState | null =
    a.status === "executed"
      ? { kind: "available" }
      : a.status === "undone"
        ? { kind: "done", message: record?.undone?.message ?? "This change was undone." }
        : null;
  return { decision: decision ? { decision, detail } : null, undo };
}
