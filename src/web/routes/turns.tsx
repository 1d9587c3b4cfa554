import { Hono, type Context, type MiddlewareHandler } from "hono";
import { streamSSE } from "hono/streaming";
import { type AgentEvent } from "../../core/events.ts";
import type { RunningTurn } from "../../chat/running-turn.ts";
import { ConversationBusy, ConversationNotFound } from "../../chat/service.ts";
import { AssistantMessage } from "../../../views/AssistantMessage.tsx";
import { ChatForm } from "../../../views/ChatForm.tsx";
import { ChatHeader } from "../../../views/ChatHeader.tsx";
import { ConversationList } from "../../../views/ConversationList.tsx";
import { UserMessage } from "../../../views/UserMessage.tsx";
import type { WebDeps, WebEnv } from "../context.ts";
import { createFragmentRenderer, partial, toHtml } from "../sse-renderer.ts";
import { checkMessageLength } from "../middleware/body-limit/index.ts";
import { formBody, refuse } from "../middleware/respond.ts";

/** Keeps proxies and Bun's idle timer from closing a quiet stream (a long tool run, an approval wait). */
const PING_MS = 5_000;
/**
 * Each text message re-renders its block's markdown, so text is sent at most this
 * often: deltas that arrive meanwhile go out together (at ~50 tokens/s, 2-3 per message).
 */
const TEXT_INTERVAL_MS = 40;

/**
 * Asking and answering in the browser: a question posts, the response appends the
 * question and a running answer whose hx-sse element streams GET /turns/:id/stream.
 * The turn runs on its own, so a reload (or a second tab) just streams it again.
 */
export function turnRoutes(deps: WebDeps, perUser: MiddlewareHandler<WebEnv>) {
  const r = new Hono<WebEnv>();
  const { store, chat, limits } = deps;

  const ask = async (c: Context<WebEnv>, conversationId: string | null, question: string) => {
    const user = c.get("user");
    const tooLong = checkMessageLength(question, limits.maxMessageBytes);
    if (tooLong) return refuse(c, 413, tooLong);
    if (!question.trim()) return refuse(c, 400, "Type a question first.");
    if (chat.runningCount(user.id) >= limits.concurrentTurns)
      return refuse(c, 429, `Too many answers at once: at most ${limits.concurrentTurns} per user. Wait for one to finish.`);
    let turn: RunningTurn;
    try {
      turn = chat.startTurn({ userId: user.id, conversationId, question });
    } catch (e) {
      if (e instanceof ConversationNotFound) return refuse(c, 404, "This conversation does not exist (it may have been deleted).");
      if (e instanceof ConversationBusy) return refuse(c, 409, e.message);
      throw e;
    }
    const currency = deps.budget.summaryOrLast().currency;
    let html =
      partial("starters", "delete") +
      toHtml(<UserMessage text={question} turnId={turn.id} />) +
      toHtml(<AssistantMessage turnId={turn.id} status="running" events={[]} currency={currency} />);
    if (!conversationId) {
      // The first question made a conversation: point the form at it, list it, and update the URL.
      const conversations = store.conversations.list(user.id).map((x) => ({ id: x.id, title: x.title, updatedAt: x.updatedAt }));
      const title = conversations.find((x) => x.id === turn.conversationId)?.title ?? "";
      html +=
        partial("chat-head", "outerHTML", toHtml(<ChatHeader conversation={{ id: turn.conversationId, title }} />)) +
        partial("chat-form", "outerHTML", toHtml(<ChatForm conversationId={turn.conversationId} />)) +
        partial("conversation-list", "outerHTML", toHtml(<ConversationList conversations={conversations} activeId={turn.conversationId} />));
      c.header("HX-Push-Url", `/conversations/${encodeURIComponent(turn.conversationId)}`);
    }
    return c.html(html);
  };

  const questionOf = async (c: Context<WebEnv>) => {
    const form = await formBody(c);
    return typeof form.message === "string" ? form.message : "";
  };

  r.post("/chat", perUser, async (c) => ask(c, null, await questionOf(c)));
  r.post("/conversations/:id/messages", perUser, async (c) => ask(c, c.req.param("id"), await questionOf(c)));

  r.post("/turns/:id/retry", perUser, async (c) => {
    const turn = store.turns.get(c.req.param("id"));
    if (!turn || turn.userId !== c.get("user").id) return refuse(c, 404, "Unknown answer.");
    return ask(c, turn.conversationId, turn.question);
  });

  r.post("/turns/:id/stop", (c) => {
    const turn = chat.turn(c.req.param("id"));
    if (!turn || turn.userId !== c.get("user").id) return c.body(null, 204);
    turn.stop();
    return c.body(null, 204);
  });

  const chatHeaderPartial = (userId: string, conversationId: string) => {
    const conversation = store.conversations.get(userId, conversationId);
    const header = conversation ? (
      <ChatHeader conversation={{ id: conversation.id, title: conversation.title }} usage={store.usage.ofConversation(conversation.id)} />
    ) : null;
    return header ? partial("chat-head", "outerHTML", toHtml(header)) : "";
  };

  r.get("/turns/:id/stream", (c) => {
    const user = c.get("user");
    const id = c.req.param("id");
    const live = chat.turn(id);
    const stored = live ? null : store.turns.get(id);
    if ((live && live.userId !== user.id) || (!live && (!stored || stored.userId !== user.id))) {
      return c.text("Unknown answer.", 404);
    }
    c.env?.server?.timeout(c.req.raw, 0);
    const renderer = createFragmentRenderer(id, deps.budget.summaryOrLast().currency);
    const conversationId = live?.conversationId ?? stored!.conversationId;
    // At the end, the header's conversation total takes in this answer (before `done` closes the stream).
    const render = (events: AgentEvent[]) =>
      events.flatMap((e) => [...(e.type === "done" ? [{ data: chatHeaderPartial(user.id, conversationId) }] : []), ...renderer.render(e)]);
    return streamSSE(c, async (stream) => {
      const send = async (messages: { event?: string; data: string }[]) => {
        for (const m of messages) await stream.writeSSE(m);
      };
      if (live) {
        const ping = setInterval(() => void stream.write(": ping\n\n"), PING_MS);
        const gone = new AbortController();
        stream.onAbort(() => gone.abort());
        try {
          for await (const batch of live.batches(gone.signal)) {
            await send(render(batch));
            // Let deltas gather, but never hold back the end of the answer.
            if (batch.some((e) => e.type === "text") && !live.outcome) await Promise.race([Bun.sleep(TEXT_INTERVAL_MS), live.finished]);
          }
        } finally {
          clearInterval(ping);
        }
      } else {
        await send(render(store.turns.events(id)));
      }
      await send(renderer.end(live?.outcome?.status ?? stored?.status ?? "interrupted"));
    });
  });

  return r;
}
