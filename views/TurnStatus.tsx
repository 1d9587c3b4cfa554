import type { TurnStatus as TurnStatusValue } from "../src/core/vocab.ts";
import { domIds } from "../src/ui/dom-ids.ts";

/**
 * The live state of an assistant turn. Swapped (outerHTML) when the turn ends;
 * app.js copies its data-status onto the enclosing article.
 */
export function TurnStatus({ turnId, status }: { turnId: string; status: TurnStatusValue }) {
  return (
    <div class="turn-status" id={domIds.status(turnId)} data-status={status}>
      {status === "running" ? (
        <>
          <span class="spinner" aria-hidden="true"></span> <span>Answering…</span>
        </>
      ) : status === "interrupted" ? (
        <span>This answer was interrupted before it finished.</span>
      ) : status === "waiting" ? (
        // Not running: no spinner, no Stop. The answer goes on once the user decides on its card.
        <span>Waiting for your decision on the card below. You can keep asking meanwhile.</span>
      ) : null}
    </div>
  );
}
