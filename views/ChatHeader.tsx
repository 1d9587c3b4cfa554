import { DataAgeLine } from "./DataAgeLine.tsx";

/**
 * The chat column's header: the conversation title, how current the data is ("data up to
 * 31 Oct 2026 · last import 3 days ago", so an answer about "this month" is read against
 * it) and the Export link. Its root has id="chat-head" so the first question's response
 * can swap it (outerHTML) once the conversation exists; app.js keeps the tab's title in
 * step with it.
 */
export function ChatHeader({ conversation, dataAge }: { conversation?: { id: string; title: string } | null; dataAge?: string }) {
  return (
    <header class="chat-head" id="chat-head">
      <div class="chat-head-text">
        <h1 id="chat-title">{conversation?.title || "New chat"}</h1>
        {dataAge ? <DataAgeLine text={dataAge} /> : null}
      </div>
      {conversation ? (
        <a class="button export" href={`/conversations/${encodeURIComponent(conversation.id)}/export.md`} download>
          Export
        </a>
      ) : null}
    </header>
  );
}
