import { domIds } from "../src/web/format.ts";

/** Where an executed change stands: Undo still possible, undone, or an undo that failed. */
export type UndoState = { kind: "available" } | { kind: "done"; message: string } | { kind: "failed"; message: string };

/** The id of the element that holds an approval's Undo button. */
export function approvalUndoId(approvalId: string): string {
  return `${domIds.approval(approvalId)}-undo`;
}

/** The Undo button of an executed change, or what came of undoing it. */
export function ApprovalUndo({ approvalId, state }: { approvalId: string; state: UndoState }) {
  const undoId = approvalUndoId(approvalId);
  if (state.kind === "available") {
    return (
      <div class="approval-undo" id={undoId}>
        <form hx-post={`/approvals/${encodeURIComponent(approvalId)}/undo`} hx-target={`#${undoId}`} hx-swap="outerHTML">
          <button type="submit">Undo</button>
        </form>
      </div>
    );
  }
  const failed = state.kind === "failed";
  return (
    <div class={`approval-undo ${failed ? "failed" : "done"}`} id={undoId} role={failed ? "alert" : "status"}>
      <p class={failed ? "error-message" : "decision"}>{state.message}</p>
    </div>
  );
}
