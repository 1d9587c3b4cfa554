import { domIds } from "../src/ui/dom-ids.ts";

export type UserMessageProps = { text: string; turnId?: string; /** The last question: offer Edit (app.js puts it back in the box). */ editable?: boolean };

/** The user's question, shown as plain text (never markdown). */
export function UserMessage({ text, turnId, editable }: UserMessageProps) {
  return (
    <article class="msg user" id={turnId ? domIds.question(turnId) : undefined} data-turn={turnId}>
      <h2 class="sr-only">You said</h2>
      <div class="bubble">{text}</div>
      {turnId ? (
        <button type="button" class="edit-question quiet" data-turn={turnId} hidden={!editable}>
          Edit
        </button>
      ) : null}
    </article>
  );
}
