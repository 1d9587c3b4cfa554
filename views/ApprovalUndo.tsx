import { formatClock } from "../src/core/format.ts";
import type { UndoState } from "../src/ui/approval-view.ts";
import { domIds } from "../src/ui/dom-ids.ts";

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
        {state.notice ? (
          <p class="error-message" role="alert">
            {state.notice}
          </p>
        ) : null}
      </div>
    );
  }
  if (state.kind === "failed") {
    return (
      <div class="approval-undo failed" id={undoId} role="alert">
        <p class="error-message">{state.message}</p>
      </div>
    );
  }
  // "Undone at 14:05" on the 24-hour clock; page.js rewrites the time in the browser's zone.
  return (
    <div class="approval-undo done" id={undoId} role="status">
      <p class="decision">
        <strong>
          Undone at{" "}
          <time class="local-time" datetime={state.at}>
            {formatClock(state.at)}
          </time>
        </strong>{" "}
        — {state.message}
      </p>
    </div>
  );
}
