import { formatDate } from "../src/core/format.ts";
import { safeId } from "../src/ui/dom-ids.ts";
import { Layout, type AssetUrl } from "./Layout.tsx";

export type MemoryView = { id: string; content: string; createdAt: string };

/** What the assistant remembers about the user: search and delete. */
export function MemoriesPage({ memories, query, asset, userName }: { memories: MemoryView[]; query?: string | null; asset?: AssetUrl; userName?: string | null }) {
  return (
    <Layout title="Memories · budget-chat" asset={asset} bodyClass="page-memories" nav={{ current: "memories", user: userName ? { name: userName } : null }}>
      <main class="page" id="main">
        <h1>Memories</h1>
        <p class="muted">Facts the assistant keeps between conversations. Delete any you do not want it to use.</p>
        <form method="get" action="/memories" class="search-form" role="search">
          <label for="memory-search">Search memories</label>
          <input type="search" id="memory-search" name="q" value={query ?? ""} maxlength={200} />
          <button type="submit">Search</button>
          {query ? <a href="/memories">Clear</a> : null}
        </form>
        {memories.length ? (
          <ul class="memories" id="memories">
            {memories.map((m) => (
              <li class="memory" id={`memory-${safeId(m.id)}`}>
                <p class="memory-content">{m.content}</p>
                <p class="memory-meta muted">
                  <time class="local-date" datetime={m.createdAt}>
                    {formatDate(m.createdAt)}
                  </time>
                </p>
                <form method="post" action={`/memories/${encodeURIComponent(m.id)}/delete`} class="delete-form" data-confirm="Delete this memory?">
                  <button type="submit" class="danger">
                    Delete
                  </button>
                </form>
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">{query ? "No memory matches that search." : "No memories yet."}</p>
        )}
      </main>
    </Layout>
  );
}
