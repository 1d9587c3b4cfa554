import { Hono, type Context, type MiddlewareHandler } from "hono";
import { streamSSE } from "hono/streaming";
import { type AgentEvent, type TableSpec } from "../../core/events.ts";
import { domIds } from "../../ui/dom-ids.ts";
import { buildTurnModel, type ChartBlock, type TableBlock } from "../../ui/turn-model.ts";
import { AssistantMessage } from "../../../views/AssistantMessage.tsx";
import { ChatForm } from "../../../views/ChatForm.tsx";
import { ChatHeader } from "../../../views/ChatHeader.tsx";
import { dataAge, dataAgeText } from "../../transactions/data-age.ts";
import { CSV_BOM, chartCsv, csvCell } from "../../../views/ChartFigure.tsx";
import { ConversationList } from "../../../views/ConversationList.tsx";
import { ConversationGroup, TODAY_LIST_ID } from "../../../views/ConversationGroup.tsx";
import { ConversationItem, type ConversationSummary } from "../../../views/ConversationItem.tsx";
import { conversationGroup } from "../../ui/conversation-groups.ts";
import type { Conversation } from "../../store/conversations.ts";
import { DataTable, MAX_TABLE_ROWS } from "../../../views/DataTable.tsx";
import { UserMessage } from "../../../views/UserMessage.tsx";
import type { WebDeps, WebEnv } from "../context.ts";
import { createFragmentRenderer, partial, toHtml } from "../sse-renderer.ts";
import { formBody, refuse } from "../middleware/respond.ts";
import { conversationSummaries } from "./pages.tsx";

/** Keeps proxies and Bun's idle timer from closing a quiet stream (a long tool run, a slow model). */
const PING_MS = 5_000;
/**
 * Text deltas that arrive within this time go out together. Each write carries only
 * what is new (see sse-renderer.ts), so this bounds the per-message overhead, not the
 * bytes of the answer.
 */
const TEXT_INTERVAL_MS = 50;
/** list_transactions' most rows per call: what "Show all" can fetch. */

/**
 * Asking and answering in the browser: a question posts, the response appends the
 * question and a running answer whose hx-sse element streams GET /turns/:id/stream.
 * The turn runs on its own, so a reload (or a second tab) just streams it again.
 *
 * Replacing an answer (Retry, Regenerate, edit-and-resend of the last question): the
 * new turn answers in the old one's place. The old turn leaves the model's history
 * before the new one starts, is marked replaced (it stays for usage and audit), and the
 * response swaps the old question and answer on the page for the new ones (never a
 * duplicate question). Only the conversation's last answer, once finished, can be
 * replaced: anything else is 409 with a message the page shows.
 */
export function turnRoutes(deps: WebDeps, perUser: MiddlewareHandler<WebEnv>) {
  const r = new Hono<WebEnv>();
  const { store, chat, limits } = deps;
  const view = () => ({ currency: deps.budget.overview().currency, showUsage: deps.showUsage });

  /** `continues`: Retry of a continuation that failed: it reports that approval's outcome again (no question). */
  const ask = async (c: Context<WebEnv>, conversationId: string | null, question: string, replacing: string | null = null, continues: string | null = null) => {
    const user = c.get("user");
    const decided = continues ? chat.storedDecision(user.id, continues) : undefined;
    if (continues && !decided) return refuse(c, 409, "This approval was not decided: there is nothing to report again.");
    // A refused question (limits, unknown or busy conversation) replaces nothing.
    chat.admit({ userId: user.id, conversationId, question, limits, decided });
    if (replacing) {
      const old = store.turns.get(replacing);
      if (!old || old.userId !== user.id || old.conversationId !== conversationId) return refuse(c, 404, "Unknown answer.");
      if (old.status === "running" || chat.turn(old.id)) return refuse(c, 409, "This answer is still running: stop it first.");
      if (old.status === "waiting") return refuse(c, 409, "This answer waits for your decision on its approval card: decide first (or ask something new).");
      if (store.turns.last(old.conversationId)?.id !== old.id) return refuse(c, 409, "Only the last answer can be replaced.");
      store.turns.dropFromHistory(old.id);
    }
    const turn = chat.startTurn({ userId: user.id, conversationId, question, limits, decided });
    if (replacing) store.turns.markReplaced(replacing, turn.id);
    // The page hears of the turn once it is stored (it commits with the other questions of this tick).
    await store.tickCommitted();
    const v = view();
    // A continuation has no question of its own: its answer takes the old one's place alone.
    const question_ = continues ? "" : toHtml(<UserMessage text={question} turnId={turn.id} />);
    const answer = toHtml(<AssistantMessage turnId={turn.id} status="running" events={[]} currency={v.currency} showUsage={v.showUsage} />);
    let html = partial("starters", "delete");
    html += replacing
      ? (question_ ? partial(domIds.question(replacing), "outerHTML", question_) : "") + partial(domIds.turn(replacing), "outerHTML", answer)
      : question_ + answer;
    if (!conversationId) {
      // The first question made a conversation: point the form at it, list it, and update the URL.
      const conversation = store.conversations.get(user.id, turn.conversationId)!;
      html +=
        partial("chat-head", "outerHTML", toHtml(<ChatHeader conversation={{ id: conversation.id, title: conversation.title }} dataAge={dataAgeText(dataAge(deps.budget), new Date())} />)) +
        partial("chat-form", "outerHTML", toHtml(<ChatForm conversationId={conversation.id} maxBytes={limits.maxMessageBytes} />)) +
        newListItem(user.id, conversation);
      c.header("HX-Push-Url", `/conversations/${encodeURIComponent(turn.conversationId)}`);
    }
    return c.html(html);
  };

  /**
   * Only the new conversation's item for the list (not the whole list, which a long-time user's 1,000 conversations
   * make long to render and to send): first under Today, under a new Today heading when the list has none yet (its
   * newest conversation is older), or the list of one when it was empty.
   */
  const newListItem = (userId: string, conversation: Conversation) => {
    const item: ConversationSummary = { id: conversation.id, title: conversation.title, updatedAt: conversation.updatedAt, group: "Today" };
    const previous = store.conversations.list(userId, 2).find((x) => x.id !== conversation.id);
    if (!previous) return partial("conversation-list", "outerHTML", toHtml(<ConversationList conversations={[item]} activeId={conversation.id} />));
    if (conversationGroup(previous.updatedAt, new Date(), chat.deps.settings.timeZone) === "Today") {
      return partial(TODAY_LIST_ID, "afterbegin", toHtml(<ConversationItem conversation={item} active />));
    }
    return partial("conversation-list", "afterbegin", toHtml(<ConversationGroup name="Today" items={[item]} activeId={conversation.id} />));
  };

  const formOf = async (c: Context<WebEnv>) => {
    const form = await formBody(c);
    return {
      question: typeof form.message === "string" ? form.message : "",
      replace: typeof form.replace === "string" && form.replace ? form.replace : null,
    };
  };

  r.post("/chat", perUser, async (c) => ask(c, null, (await formOf(c)).question));
  r.post("/conversations/:id/messages", perUser, async (c) => {
    // `replace`: the last question was edited and is sent again in place of its answer.
    const { question, replace } = await formOf(c);
    return ask(c, c.req.param("id"), question, replace);
  });

  // Retry (a failed answer) and Regenerate (the last answer): the same question, answered again in its place.
  const again = async (c: Context<WebEnv>) => {
    const turn = store.turns.get(c.req.param("id")!);
    if (!turn || turn.userId !== c.get("user").id) return refuse(c, 404, "Unknown answer.");
    return ask(c, turn.conversationId, turn.question, turn.id, turn.continues);
  };
  r.post("/turns/:id/retry", perUser, again);
  r.post("/turns/:id/regenerate", perUser, again);

  r.post("/turns/:id/stop", (c) => {
    const turn = chat.turn(c.req.param("id"));
    if (!turn || turn.userId !== c.get("user").id) return c.body(null, 204);
    turn.stop();
    return c.body(null, 204);
  });

  /** A turn of the user's, with its events so far (stored, or live while it runs). */
  const ownTurn = (c: Context<WebEnv>) => {
    const id = c.req.param("id")!;
    const live = chat.turn(id);
    const stored = store.turns.get(id);
    const userId = c.get("user").id;
    if (live ? live.userId !== userId : !stored || stored.userId !== userId) return null;
    return { id, events: live ? live.events : store.turns.events(id) };
  };

  const download = (c: Context<WebEnv>, body: string, name: string) =>
    c.body(CSV_BOM + body, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    });
  const fileName = (title: string, fallback: string) => `${title.replace(/[^\p{L}\p{N} _-]+/gu, "").trim().replace(/\s+/g, "-").slice(0, 60) || fallback}.csv`;

  // A chart's data as CSV (label, one column per dataset; raw numbers, YYYY-MM labels).
  r.get("/turns/:id/charts/:file{[0-9]+\\.csv}", (c) => {
    const t = ownTurn(c);
    const n = Number.parseInt(c.req.param("file"), 10);
    const chart = t && buildTurnModel(t.events).blocks.find((b): b is ChartBlock => b.kind === "chart" && b.n === n);
    if (!chart) return c.text("Unknown chart.", 404);
    return download(c, chartCsv(chart.chart), fileName(chart.chart.title, "chart"));
  });

  const tableOf = (c: Context<WebEnv>, n: number) => {
    const t = ownTurn(c);
    if (!t) return null;
    const model = buildTurnModel(t.events);
    const block = model.blocks.find((b): b is TableBlock => b.kind === "table" && b.n === n);
    return block ? { turnId: t.id, block, call: model.toolCalls[block.toolId] ?? null } : null;
  };
  const tableCsv = (t: TableSpec) => [t.columns, ...t.rows].map((r) => r.map((v) => csvCell(v)).join(",")).join("\r\n") + "\r\n";

  r.get("/turns/:id/tables/:file{[0-9]+\\.csv}", (c) => {
    const found = tableOf(c, Number.parseInt(c.req.param("file"), 10));
    if (!found) return c.text("Unknown table.", 404);
    return download(c, tableCsv(found.block.table), fileName(found.block.table.title, "table"));
  });

  // "Show all": the table's tool again, from its stored input, with the largest limit it allows.
  r.get("/turns/:id/tables/:n{[0-9]+}/all", async (c) => {
    const n = Number.parseInt(c.req.param("n"), 10);
    const found = tableOf(c, n);
    if (!found) return refuse(c, 404, "Unknown table.");
    if (!found.call) return refuse(c, 409, "This table cannot show more rows.");
    const call = await deps.invoker.invoke({ id: found.block.toolId, name: found.call.tool, input: { ...(found.call.input as object), limit: MAX_TABLE_ROWS } });
    if (call.kind === "error") return refuse(c, 409, `This table cannot show more rows: ${call.error}`);
    const table = call.kind === "output" ? call.output.tables?.[0] : undefined;
    if (!table) return refuse(c, 409, "This table cannot show more rows.");
    const id = domIds.table(found.turnId, n);
    return c.html(toHtml(<DataTable table={table} currency={deps.budget.summaryOrLast().currency} id={id} turnId={found.turnId} n={n} transactions={found.block.transactions} />));
  });

  const chatHeaderPartial = (userId: string, conversationId: string) => {
    const conversation = store.conversations.get(userId, conversationId);
    const header = conversation ? <ChatHeader conversation={{ id: conversation.id, title: conversation.title }} dataAge={dataAgeText(dataAge(deps.budget), new Date())} /> : null;
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
    const renderer = createFragmentRenderer(id, view());
    const conversationId = live?.conversationId ?? stored!.conversationId;
    const continuation = (live?.continues ?? stored?.continues ?? null) !== null;
    // The list's marker of a decision waiting follows an answer that ends waiting and a continuation (the card was decided).
    const listPartial = () =>
      partial(
        "conversation-list",
        "outerHTML",
        toHtml(<ConversationList conversations={conversationSummaries(store, user.id, chat.deps.settings.timeZone)} activeId={conversationId} />),
      );
    // At the end, the header takes in this answer (a title may have changed), just before `done` closes the stream.
    const render = (events: AgentEvent[]) => {
      const out = renderer.renderBatch(events);
      const end = out.findIndex((m) => m.event === "done");
      if (end >= 0) {
        const list = out[end]!.data === "waiting" || continuation ? listPartial() : "";
        out.splice(end, 0, { data: chatHeaderPartial(user.id, conversationId) + list });
      }
      return out;
    };
    return streamSSE(c, async (stream) => {
      const send = async (messages: { event?: string; data: string }[]) => {
        for (const m of messages) if (m.data || m.event) await stream.writeSSE(m);
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
        renderer.model.storedStatus = stored!.status;
        await send(render(store.turns.events(id)));
      }
      await send(renderer.end(live?.outcome?.status ?? stored?.status ?? "interrupted"));
    });
  });

  return r;
}
