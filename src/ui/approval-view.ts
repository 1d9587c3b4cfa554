import type { ApprovalPreview } from "../core/events.ts";
import type { ApprovalDecision } from "../core/vocab.ts";
import type { Approval, ApprovalResult } from "../store/approvals.ts";

/**
 * Where an executed change stands: Undo still possible (`notice`: why the last try did not
 * happen, e.g. budget.db was busy), undone (when), or an undo that failed.
 */
export type UndoState = { kind: "available"; notice?: string } | { kind: "done"; message: string; at: string } | { kind: "failed"; message: string };

/** A decision as a card shows it: `detail` is what the model was told; `failed`: approved, but nothing could be done. */
export type DecisionView = { decision: ApprovalDecision; detail: string; failed?: boolean };

/** How an approval card should look now, from the stored approval (not from the turn's events). */
export type ApprovalState = { decision: DecisionView | null; undo: UndoState | null };

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
        ? { kind: "done", message: result?.undone?.message ?? "This change was undone.", at: result?.undone?.at ?? a.decidedAt ?? a.createdAt }
        : null;
  // `failed`: approved, but the change could not be made.
  return { decision: decision ? { decision, detail, ...(a.status === "failed" ? { failed: true } : {}) } : null, undo };
}

/** How the approval service words a change the user approved that could not be made (what follows is the reason). */
const NOT_MADE = /^The user approved, but nothing was modified: /;

/** A card's heading starts with a capital ("Move 2 transactions to …"), whatever the tool's title. */
export function capitalised(title: string): string {
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** What an undo did, without the "Undone:" its message starts with (the card's line says "Undone at 14:05: …"). */
export function undoneWords(message: string): string {
  return message.replace(/^Undone:\s*/, "");
}

/**
 * What a decided card says happened, in words: "Moved 3 transactions to Pets",
 * "Rejected — nothing changed", "Expired — nothing changed", "Approved, but it could
 * not be done: …". The tool's own `outcome` wording when it gave one.
 */
export function decisionWords(d: DecisionView, preview: ApprovalPreview): string {
  if (d.decision === "rejected") return "Rejected — nothing changed";
  if (d.decision === "expired") return "Expired — nothing changed";
  if (d.failed) return `Approved, but it could not be done: ${d.detail.replace(NOT_MADE, "")}`;
  return preview.outcome ?? "Approved and carried out";
}
