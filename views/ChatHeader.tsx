/**
 * The chat column's header: the conversation title and its Export link. Its root has
 * id="chat-head" so the first question's response can swap it (outerHTML) once the
 * conversation exists; app.js keeps the tab's title in step with it.
 */
export function ChatHeader({ conversation }: { conversation?: { id: string; title: string } | null }) {
  return (
    <header class="chat-head" id="chat-head">
      <h1 id="chat-title">{conversation?.title || "New chat"}</h1>
      {conversation ? (
        <a class="button export" href={`/conversations/${encodeURIComponent(conversation.id)}/export.md`} download>
          Export
        </a>
      ) : null}
    </header>
  );
}
