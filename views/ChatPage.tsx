import { type AgentEvent, type Usage } from "../src/core/events.ts";
import { type ApprovalState } from "../src/ui/approval-view.ts";
import { type TurnStatus } from "../src/core/vocab.ts";
import { AssistantMessage } from "./AssistantMessage.tsx";
import { ChatForm } from "./ChatForm.tsx";
import { ChatHeader } from "./ChatHeader.tsx";
import type { ConversationSummary } from "./ConversationItem.tsx";
import { ConversationList } from "./ConversationList.tsx";
import { Layout, type AssetUrl } from "./Layout.tsx";
import { StarterQuestions } from "./StarterQuestions.tsx";
import { UserMessage } from "./UserMessage.tsx";

/** One question and its answer, as stored. */
export type TurnView = {
  id: string;
  question: string;
  status: TurnStatus;
  events: AgentEvent[];
  usage?: Usage | null;
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
  /** Token totals of the open conversation. */
  usage?: Usage | null;
  /** Shown in the sidebar when users are configured. */
  userName?: string | null;
};

export function ChatPage({ conversations, conversation, turns, currency, asset, userName, usage, approvals }: ChatPageProps) {
  const title = conversation?.title || "New chat";
  return (
    <Layout title={`${title} · budget-chat`} asset={asset} bodyClass="page-chat">
      <a class="skip-link" href="#message">
        Skip to the question box
      </a>
      <div class="app">
        <aside class="sidebar">
          <div class="sidebar-head">
            <a class="brand" href="/">
              budget-chat
            </a>
            <a class="button new-chat" href="/">
              <span aria-hidden="true">+</span> New chat
            </a>
          </div>
          <ConversationList conversations={conversations} activeId={conversation?.id} />
          <nav class="sidebar-foot" aria-label="More">
            <a href="/memories">Memories</a>
            <a href="/budgets">Budgets</a>
            {userName ? <span class="muted user-name">{userName}</span> : null}
          </nav>
        </aside>
        <main class="chat" id="main">
          <ChatHeader conversation={conversation} usage={usage} />
          <div id="messages" class="messages" aria-live="polite">
            {turns.map((t) => (
              <>
                <UserMessage text={t.question} turnId={t.id} />
                <AssistantMessage turnId={t.id} status={t.status} events={t.events} usage={t.usage} currency={currency} approvals={approvals} />
              </>
            ))}
            {turns.length === 0 ? <StarterQuestions /> : null}
          </div>
          <ChatForm conversationId={conversation?.id} />
        </main>
      </div>
    </Layout>
  );
}
