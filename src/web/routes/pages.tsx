import { Hono, type Context } from "hono";
import { z } from "zod";
import { type Conversation } from "../../store/conversations.ts";
import { ChatPage, type TurnView } from "../../../views/ChatPage.tsx";
import { renderPage } from "../../../views/Layout.tsx";
import { MemoriesPage } from "../../../views/MemoriesPage.tsx";
import { approvalState } from "../../ui/approval-view.ts";
import { assetUrl } from "../assets.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { exportMarkdown } from "../export.ts";
import { formBody } from "../middleware/respond.ts";

const Title = z.string().trim().min(1, "A title cannot be empty.").max(200, "A title has at most 200 characters.");

/** Full pages and the plain-form actions of the sidebar and the memories page. */
export function pageRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  const { store } = deps;
  const asset = (name: string) => assetUrl(deps.assets, name);

  const chatPage = async (c: Context<WebEnv>, conversation: Conversation | null) => {
    const user = c.get("user");
    const turns: TurnView[] = conversation
      ? store.turns.list(conversation.id).map((t) => ({
          id: t.id,
          question: t.question,
          status: t.status,
          events: t.events,
          usage: t.status === "running" ? null : t.usage,
        }))
      : [];
    const page = (
      <ChatPage
        conversations={store.conversations.list(user.id).map((x) => ({ id: x.id, title: x.title, updatedAt: x.updatedAt }))}
        conversation={conversation ? { id: conversation.id, title: conversation.title } : null}
        turns={turns}
        currency={deps.budget.summaryOrLast().currency}
        asset={asset}
        userName={user.id === "local" ? null : user.name}
        usage={conversation ? store.usage.ofConversation(conversation.id) : null}
        approvals={
          conversation
            ? Object.fromEntries(store.approvals.list(user.id, { conversationId: conversation.id }).map((a) => [a.id, approvalState(a)]))
            : undefined
        }
      />
    );
    return c.html(await renderPage(page));
  };

  const notFound = (c: Context<WebEnv>) =>
    c.html("<!doctype html><title>Not found</title><p>This conversation does not exist. <a href=\"/\">Start a new chat</a></p>", 404);

  r.get("/", (c) => chatPage(c, null));

  r.get("/conversations/:id", (c) => {
    const conversation = store.conversations.get(c.get("user").id, c.req.param("id"));
    return conversation ? chatPage(c, conversation) : notFound(c);
  });

  r.post("/conversations/:id/rename", async (c) => {
    const id = c.req.param("id");
    const parsed = Title.safeParse((await formBody(c)).title);
    if (!parsed.success) return c.text(parsed.error.issues[0]!.message, 400);
    if (!store.conversations.rename(c.get("user").id, id, parsed.data)) return notFound(c);
    return c.redirect(`/conversations/${encodeURIComponent(id)}`, 303);
  });

  r.post("/conversations/:id/delete", (c) => {
    const user = c.get("user");
    const id = c.req.param("id");
    if (!store.conversations.delete(user.id, id)) return notFound(c);
    deps.chat.stopConversation(id);
    return c.redirect("/", 303);
  });

  r.get("/conversations/:id/export.md", (c) => {
    const conversation = store.conversations.get(c.get("user").id, c.req.param("id"));
    if (!conversation) return notFound(c);
    const md = exportMarkdown(conversation, store.turns.list(conversation.id), deps.budget.summaryOrLast().currency);
    const file = `${conversation.title.replace(/[^\p{L}\p{N} _-]+/gu, "").trim().slice(0, 60) || "conversation"}.md`;
    return c.body(md, 200, {
      "content-type": "text/markdown; charset=utf-8",
      "content-disposition": `attachment; filename="${file.replace(/"/g, "")}"; filename*=UTF-8''${encodeURIComponent(file)}`,
    });
  });

  r.get("/memories", async (c) => {
    const q = c.req.query("q")?.trim().slice(0, 200) || null;
    const memories = store.memories.list(c.get("user").id, q ?? undefined).map((m) => ({ id: String(m.id), content: m.content, createdAt: m.createdAt }));
    return c.html(await renderPage(<MemoriesPage memories={memories} query={q} asset={asset} />));
  });

  r.post("/memories/:id/delete", (c) => {
    const id = Number(c.req.param("id"));
    if (!Number.isInteger(id) || !store.memories.delete(c.get("user").id, id)) return c.text("Unknown memory.", 404);
    return c.redirect("/memories", 303);
  });

  return r;
}
