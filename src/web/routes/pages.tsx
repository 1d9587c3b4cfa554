import { Hono, type Context } from "hono";
import { z } from "zod";
import { lazySchema } from "../../core/validation.ts";
import { type Conversation } from "../../store/conversations.ts";
import { ChatPage, type TurnView } from "../../../views/ChatPage.tsx";
import { renderPage } from "../../../views/Layout.tsx";
import { MemoriesPage } from "../../../views/MemoriesPage.tsx";
import { MessagePage } from "../../../views/MessagePage.tsx";
import { UsagePage } from "../../../views/UsagePage.tsx";
import type { ConversationSummary } from "../../../views/ConversationItem.tsx";
import type { Store } from "../../store/store.ts";
import { estimateCost, formatCost } from "../../pricing.ts";
import { approvalState } from "../../ui/approval-view.ts";
import { assetUrl } from "../assets.ts";
import type { WebDeps, WebEnv } from "../context.ts";
import { exportMarkdown } from "../export.ts";
import { formBody } from "../middleware/respond.ts";
import { toHtml } from "../sse-renderer.ts";
import { ConversationList } from "../../../views/ConversationList.tsx";
import { dataAge, dataAgeText } from "../../transactions/data-age.ts";
import { LOCAL_USER_ID } from "../../core/vocab.ts";
import { conversationGrouper } from "../../ui/conversation-groups.ts";
import { DELETE_UNDO_MS } from "../../../views/DeletedToast.tsx";
import { signedInName } from "../middleware/auth/index.ts";
import { starterQuestionsFor } from "../../ui/starter-questions.ts";
import { accountLabel } from "../../core/account-labels.ts";

/** A deleted conversation is removed for good this long after its Undo is gone. */
const PURGE_MARGIN_MS = 2_000;

const Title = lazySchema(() => z.string().trim().min(1, "A title cannot be empty.").max(200, "A title has at most 200 characters."));

/**
 * The sidebar's conversations, newest first, grouped by day (Today, Yesterday, …, in the
 * server's time zone); those with an approval waiting for a decision are marked.
 */
export function conversationSummaries(store: Store, userId: string, timeZone?: string): ConversationSummary[] {
  const pending = store.approvals.conversationsWithPending(userId);
  const groupOf = conversationGrouper(new Date(), timeZone);
  return store.conversations.list(userId).map((x) => ({
    id: x.id,
    title: x.title,
    updatedAt: x.updatedAt,
    group: groupOf(x.updatedAt),
    ...(pending.has(x.id) ? { pending: true } : {}),
  }));
}

/** Full pages and the plain-form actions of the sidebar and the memories page. */
export function pageRoutes(deps: WebDeps) {
  const r = new Hono<WebEnv>();
  const { store } = deps;
  const asset = (name: string) => assetUrl(deps.assets, name);

  const timeZone = deps.chat.deps.settings.timeZone;
  const chatPage = async (c: Context<WebEnv>, conversation: Conversation | null) => {
    const user = c.get("user");
    const turns: TurnView[] = conversation
      ? store.turns.list(conversation.id).map((t) => ({
          id: t.id,
          question: t.question,
          status: t.status,
          events: t.events,
          usage: t.status === "running" ? null : t.usage,
          continues: t.continues !== null,
        }))
      : [];
    // Not the ledger: the first page after a start does not wait for it to be read.
    const summary = deps.budget.overview();
    // Just deleted (?deleted=ID): Undo is offered while it can still be restored.
    const deletedId = conversation ? undefined : c.req.query("deleted");
    // An empty chat on the user's own data offers questions about it (the demo keeps the general ones).
    const names = store.accountNames.all();
    const fitting = turns.length || deps.budget.demo ? [] : starterQuestionsFor(deps.budget, (a) => accountLabel(a, names));
    const deleted = deletedId ? store.conversations.deleted(user.id, deletedId) : null;
    const page = (
      <ChatPage
        conversations={conversationSummaries(store, user.id, timeZone)}
        conversation={conversation ? { id: conversation.id, title: conversation.title } : null}
        turns={turns}
        currency={summary.currency}
        asset={asset}
        userName={signedInName(user)}
        showUsage={deps.showUsage}
        maxMessageBytes={deps.limits.maxMessageBytes}
        demo={deps.budget.demo ? { firstDate: summary.firstDate, lastDate: summary.lastDate, transactions: summary.transactionCount } : null}
        dataAge={dataAgeText(dataAge(deps.budget), new Date())}
        deleted={deleted ? { id: deleted.id, title: deleted.title } : null}
        starters={fitting.length ? fitting : undefined}
        noModel={!deps.chat.hasModel}
        approvals={
          conversation
            ? Object.fromEntries(store.approvals.list(user.id, { conversationId: conversation.id }).map((a) => [a.id, approvalState(a)]))
            : undefined
        }
      />
    );
    return c.html(await renderPage(page));
  };

  const notFound = async (c: Context<WebEnv>) =>
    c.html(await renderPage(<MessagePage title="Not found" message="This conversation does not exist (it may have been deleted)." asset={asset} />), 404);

  r.get("/", (c) => chatPage(c, null));

  r.get("/conversations/:id", (c) => {
    const conversation = store.conversations.get(c.get("user").id, c.req.param("id"));
    return conversation ? chatPage(c, conversation) : notFound(c);
  });

  r.post("/conversations/:id/rename", async (c) => {
    const id = c.req.param("id");
    const parsed = Title().safeParse((await formBody(c)).title);
    if (!parsed.success) {
      // Back to the conversation, the rename form open with the message beside it.
      const conversation = store.conversations.get(c.get("user").id, id);
      if (!conversation) return notFound(c);
      return c.html(
        await renderPage(
          <MessagePage title="Rename conversation" message={parsed.error.issues[0]!.message} asset={asset}>
            <form method="post" action={`/conversations/${encodeURIComponent(id)}/rename`} class="rename-form page-form">
              <label for="rename-title">New title</label>
              <input type="text" id="rename-title" name="title" value={conversation.title} maxlength={200} required autocomplete="off" aria-invalid="true" autofocus />
              <button type="submit" class="primary">
                Rename
              </button>
            </form>
          </MessagePage>,
        ),
        400,
      );
    }
    if (!store.conversations.rename(c.get("user").id, id, parsed.data)) return notFound(c);
    return c.redirect(`/conversations/${encodeURIComponent(id)}`, 303);
  });

  // Delete: at once, with Undo for a few seconds; then it is removed for good (start-up removes any left over).
  r.post("/conversations/:id/delete", async (c) => {
    const user = c.get("user");
    const id = c.req.param("id");
    if (!store.conversations.softDelete(user.id, id)) return notFound(c);
    deps.chat.stopConversation(id);
    const purge = setTimeout(() => {
      try {
        store.conversations.purgeDeleted(new Date(Date.now() - DELETE_UNDO_MS));
      } catch (err) {
        console.error("could not remove deleted conversations (the next start will):", (err as Error).message);
      }
    }, DELETE_UNDO_MS + PURGE_MARGIN_MS);
    (purge as { unref?: () => void }).unref?.();
    return c.redirect(`/?deleted=${encodeURIComponent(id)}`, 303);
  });

  r.post("/conversations/:id/restore", async (c) => {
    const id = c.req.param("id");
    if (!store.conversations.restore(c.get("user").id, id)) {
      return c.html(await renderPage(<MessagePage title="Too late to undo" message="This conversation was already deleted for good." asset={asset} />), 404);
    }
    return c.redirect(`/conversations/${encodeURIComponent(id)}`, 303);
  });

  // The sidebar's list, and its search (htmx, as you type): the list of the conversations whose title or messages contain the text; all of them for none.
  r.get("/conversations", (c) => {
    const userId = c.get("user").id;
    const q = (c.req.query("q") ?? "").trim().slice(0, 200);
    const all = conversationSummaries(store, userId, timeZone);
    const found = q ? new Set(store.conversations.search(userId, q)) : null;
    const conversations = found ? all.filter((x) => found.has(x.id)) : all;
    c.header("Cache-Control", "no-store");
    return c.html(toHtml(<ConversationList conversations={conversations} activeId={c.req.query("active")} query={q} />));
  });

  r.get("/conversations/:id/export.md", async (c) => {
    const conversation = store.conversations.get(c.get("user").id, c.req.param("id"));
    if (!conversation) return notFound(c);
    const approvals = store.approvals.list(c.get("user").id, { conversationId: conversation.id, limit: 1000 });
    const md = exportMarkdown(conversation, store.turns.list(conversation.id), deps.budget.summaryOrLast().currency, approvals, timeZone, new URL(c.req.url).origin);
    const file = `${conversation.title.replace(/[^\p{L}\p{N} _-]+/gu, "").trim().slice(0, 60) || "conversation"}.md`;
    return c.body(md, 200, {
      "content-type": "text/markdown; charset=utf-8",
      "content-disposition": `attachment; filename="${file.replace(/"/g, "")}"; filename*=UTF-8''${encodeURIComponent(file)}`,
    });
  });

  r.get("/memories", async (c) => {
    const q = c.req.query("q")?.trim().slice(0, 200) || null;
    const memories = store.memories.list(c.get("user").id, q ?? undefined).map((m) => ({ id: String(m.id), content: m.content, createdAt: m.createdAt }));
    return c.html(await renderPage(<MemoriesPage memories={memories} query={q} asset={asset} userName={signedInName(c.get("user"))} />));
  });

  // Token counts and cost per day, user and model (SPEC §4: for the people who run the server).
  r.get("/usage", async (c) => {
    const user = c.get("user");
    // Each user sees their own (SPEC §6); the single local user sees everything in the database.
    const rows = store.usage.daily(user.id === LOCAL_USER_ID ? {} : { userId: user.id });
    const costs = rows.map((r) => estimateCost(r.model, r));
    const known = costs.filter((x): x is number => typeof x === "number");
    const totalCost = formatCost(known.reduce((a, b) => a + b, 0)) + (known.length < costs.length ? " + unknown" : "");
    // Single-user local mode has nobody signed in: "You", never the internal "local".
    const shown = rows.map((r, i) => ({ ...r, userName: r.userId === LOCAL_USER_ID ? "You" : r.userId === null ? "Command line" : r.userName, cost: formatCost(costs[i]!) }));
    const figures = store.usage.figuresByModel(user.id === LOCAL_USER_ID ? {} : { userId: user.id });
    return c.html(await renderPage(<UsagePage rows={shown} totalCost={totalCost} figures={figures} asset={asset} userName={signedInName(user)} />));
  });

  r.post("/memories/:id/delete", (c) => {
    const id = Number(c.req.param("id"));
    if (!Number.isInteger(id) || !store.memories.delete(c.get("user").id, id)) return c.text("Unknown memory.", 404);
    return c.redirect("/memories", 303);
  });

  return r;
}
