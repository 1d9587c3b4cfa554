import { type AgentEvent, type Usage } from "../src/core/events.ts";
import { type ApprovalState } from "../src/ui/approval-view.ts";
import { type TurnStatus } from "../src/core/vocab.ts";
import { type NavUser } from "./AppNav.tsx";
import { AssistantMessage } from "./AssistantMessage.tsx";
import { ChatForm } from "./ChatForm.tsx";
import { ChatHeader } from "./ChatHeader.tsx";
import type { ConversationSummary } from "./ConversationItem.tsx";
import { ConversationList } from "./ConversationList.tsx";
import { DeletedToast } from "./DeletedToast.tsx";
import { DemoBanner, type DemoInfo } from "./DemoBanner.tsx";
import { Layout, type AssetUrl } from "./Layout.tsx";
import { StarterQuestions } from "./StarterQuestions.tsx";
import { FirstRun } from "./FirstRun.tsx";
import { NoModelPanel } from "./NoModelPanel.tsx";
import { UserMessage } from "./UserMessage.tsx";

/** One question and its answer, as stored. */
export type TurnView = {
  id: string;
  question: string;
  status: TurnStatus;
  events: AgentEvent[];
  usage?: Usage | null;
  /** A continuation after an approval: an answer without a question of its own. */
  continues?: boolean;
};

export type ChatPageProps = {
  conversations: ConversationSummary[];
  /** The open conversation; null/undefined on a new chat. */
  conversation?: { id: string; title: string } | null;
  turns: TurnView[];
  currency: string;
  asset?: AssetUrl;
  /** Approvals of the open conversation in their current state, by id. */
  approvals?: Record<string, ApprovalState>;
  /** Token counts under each answer (`--show-usage`). */
  showUsage?: boolean;
  /** Shown in the navigation (with Log out) when users are configured. */
  userName?: string | null;
  /** The question box's limit (WebLimits.maxMessageBytes). */
  maxMessageBytes: number;
  /** Set when the budget data is the built-in demo: a banner says so. */
  demo?: DemoInfo | null;
  /** "data up to 31 Oct 2026 · last import 3 days ago" (the header shows it). */
  dataAge?: string;
  /** A conversation deleted a moment ago: a toast offers Undo. */
  deleted?: { id: string; title: string } | null;
  /** Questions an empty chat offers (default: the general ones); on real data, ones that fit it. */
  starters?: string[];
  /** The server runs without a model (`serve --no-model`): how to add one, in place of the question box. */
  noModel?: boolean;
};

export function ChatPage({
  conversations,
  conversation,
  turns,
  currency,
  asset,
  userName,
  showUsage,
  approvals,
  maxMessageBytes,
  demo,
  dataAge,
  deleted,
  starters,
  noModel,
}: ChatPageProps) {
  const title = conversation?.title || "New chat";
  const user: NavUser = userName ? { name: userName } : null;
  const last = turns.at(-1);
  return (
    <Layout
      title={`${title} · budget-chat`}
      asset={asset}
      bodyClass="page-chat"
      nav={{ current: "chat", user }}
      skip={noModel ? { href: "#no-model", label: "Skip to how to add a model" } : { href: "#message", label: "Skip to the question box" }}
    >
      <div class="app">
        <aside class="sidebar" id="sidebar" aria-label="Conversations">
          <div class="sidebar-head">
            <a class="button new-chat" href="/">
              <span aria-hidden="true">+</span> New chat
            </a>
          </div>
          <div class="conv-search">
            <label for="conv-search" class="sr-only">
              Search conversations
            </label>
            {/* Titles and messages, searched on the server as you type (the latest answer replaces the list). */}
            <input
              type="search"
              id="conv-search"
              name="q"
              placeholder="Search conversations"
              autocomplete="off"
              hx-get="/conversations"
              hx-trigger="input changed delay:150ms, search"
              hx-target="#conversation-list"
              hx-swap="outerHTML"
              hx-sync="replace"
              hx-vals={conversation ? JSON.stringify({ active: conversation.id }) : undefined}
            />
          </div>
          <ConversationList conversations={conversations} activeId={conversation?.id} />
        </aside>
        <main class="chat" id="main">
          <div class="top-bar">
            <button type="button" class="drawer-toggle quiet" aria-controls="sidebar" aria-expanded="false">
              Conversations
            </button>
            <ChatHeader conversation={conversation} dataAge={dataAge} />
          </div>
          {demo ? <DemoBanner demo={demo} /> : null}
          {deleted ? <DeletedToast conversation={deleted} /> : null}
          <div id="messages" class="messages" role="log" tabindex={0} aria-label="Conversation" data-last-turn={last?.id}>
            {turns.map((t) => (
              <>
                {t.continues ? null : <UserMessage text={t.question} turnId={t.id} editable={!noModel && t.id === last?.id && t.status !== "running" && t.status !== "waiting"} />}
                <AssistantMessage turnId={t.id} status={t.status} events={t.events} usage={t.usage} currency={currency} showUsage={showUsage} approvals={approvals} />
              </>
            ))}
            {turns.length === 0 && demo ? <FirstRun canAsk={!noModel} /> : null}
            {noModel ? <NoModelPanel /> : turns.length === 0 ? <StarterQuestions questions={starters} /> : null}
          </div>
          <button type="button" class="jump-latest" id="jump-latest" hidden>
            Jump to latest
          </button>
          <div class="sr-only" id="announcer" aria-live="polite" aria-atomic="true"></div>
          {noModel ? null : <ChatForm conversationId={conversation?.id} maxBytes={maxMessageBytes} />}
        </main>
      </div>
      <div class="drawer-backdrop" id="drawer-backdrop" hidden></div>
    </Layout>
  );
}
