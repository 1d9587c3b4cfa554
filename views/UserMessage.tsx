import { safeId } from "../src/ui/dom-ids.ts";

export type UserMessageProps = { text: string; turnId?: string };

/** The user's question, shown as plain text (never markdown). */
export function UserMessage({ text, turnId }: UserMessageProps) {
  return (
    <article class="msg user" id={turnId ? `q-${safeId(turnId)}` : undefined}>
      <h2 class="sr-only">You said</h2>
      <div class="bubble">{text}</div>
    </article>
  );
}
