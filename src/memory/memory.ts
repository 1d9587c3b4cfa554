import type Anthropic from "@anthropic-ai/sdk";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages/messages";
import { type Store } from "../store/store.ts";
import { type Memory } from "../store/memories.ts";
import { historyWindow, isUserText } from "../agent/history.ts";
import { cosine, type EmbeddingsClient } from "./embeddings.ts";
import { ftsQuery } from "./fts-query.ts";
import { summariseCall, type SummaryCall } from "./summarise.ts";
import { clip } from "../core/format.ts";

/**
 * Long-term memory (SPEC §3.4).
 *
 * forget — when messages fall out of the model's history window, the part not yet
 * summarised becomes one memory (one non-streamed model call, src/memory/summarise.ts).
 *
 * recall — the memories most relevant to the question: FTS5 BM25, plus, when an
 * embeddings endpoint is configured, cosine similarity of embeddings, merged with
 * reciprocal rank fusion (k = 60); capped to `maxRecallChars`, most relevant first.
 * Memories are embedded lazily at recall time (those without a vector for the model).
 *
 * Neither hook ever throws: failures are logged and the turn goes on without memory.
 *
 * Which dropped messages were already summarised — `dropped` is always a prefix of the
 * conversation (the window is its tail), so "already summarised" is a count:
 *  - In a running process an exact per-conversation count is kept (advanced only
 *    when a summary was stored or judged empty, so a failed summary is retried on the
 *    next turn together with whatever fell out since).
 *  - After a restart (no count yet for that conversation) it is derived from the
 *    stored messages: ChatService calls `forget` before every turn, so the messages
 *    that were outside the window when the *previous* turn started are taken as
 *    done. That prefix is recomputed with `historyWindow` at the window size that
 *    reproduces the current cut (the smallest such prefix, so an ambiguity repeats a
 *    little rather than loses anything). It deliberately does not look at existing
 *    memories: a memory the user deleted must not come back.
 *    Inexact only if the previous turn's summary failed or memory was off then (those
 *    messages are skipped), or the history size changed across the restart.
 *    Exact across restarts would need the coverage stored, e.g. a
 *    `memories.covers_through_message_id` column.
 */

/** Long-term memory as the chat sees it: what to recall for a question, what to do with old messages. */
export type MemoryHooks = {
  recall(userId: string, question: string): Promise<string[]>;
  /** Messages that just fell out of the model's window (summarise them, store a memory). */
  forget(userId: string, conversationId: string, dropped: MessageParam[]): Promise<void>;
};

export type MemoryDeps = {
  store: Store;
  client: Anthropic;
  /** The model that writes summaries (may be a cheaper one than the chat model). */
  model: string;
  embeddings?: EmbeddingsClient;
  log?: (msg: string) => void;
  /** Most characters of memory text put into one system prompt; default 1200 (≈ 300 tokens). */
  maxRecallChars?: number;
  /** Memories taken from each ranking; default 5. */
  recallLimit?: number;
  /**
   * Least cosine similarity for a memory to count as a vector match; default 0.3.
   * (Without one, every question would "match" the nearest memories.) Tune per model.
   */
  minSimilarity?: number;
  /**
   * Summarise in the background instead of making the turn wait for it. The memory is
   * then available from the next turn on. Default false.
   */
  background?: boolean;
  /** After an embeddings failure, use FTS5 only for this long; default 30 s. */
  embeddingsRetryMs?: number;
};

export type MemoryService = MemoryHooks & {
  /** Resolve when no summary is in progress (tests, shutdown). */
  idle(): Promise<void>;
  /** Abort the summaries in progress and start no more (shutdown). */
  stop(): void;
};

/** Reciprocal rank fusion constant. */
export const RRF_K = 60;
export const DEFAULT_MAX_RECALL_CHARS = 1200;
/** Memories embedded per endpoint call (and at most this many per recall). */
const EMBED_BATCH = 64;
/** Conversations whose coverage is remembered in memory (oldest forgotten first). */
const MAX_TRACKED = 10_000;

export function createMemory(deps: MemoryDeps): MemoryService {
  const { store, client, model, embeddings } = deps;
  const log = deps.log ?? ((msg: string) => console.warn(msg));
  const maxRecallChars = deps.maxRecallChars ?? DEFAULT_MAX_RECALL_CHARS;
  const limit = deps.recallLimit ?? 5;
  const minSimilarity = deps.minSimilarity ?? 0.3;
  const retryMs = deps.embeddingsRetryMs ?? 30_000;

  /** conversationId → number of leading messages already summarised. */
  const covered = new Map<string, number>();
  /** conversationId → the summary work in progress (calls for one conversation run one after another). */
  const chains = new Map<string, Promise<void>>();
  let embeddingsDownUntil = 0;
  /** Aborted at shutdown: a summary's model call must not keep the process alive. */
  const stopping = new AbortController();

  function setCovered(conversationId: string, n: number) {
    covered.delete(conversationId);
    covered.set(conversationId, n);
    if (covered.size > MAX_TRACKED) covered.delete(covered.keys().next().value!);
  }

  async function summariseNew(userId: string, conversationId: string, dropped: MessageParam[]): Promise<void> {
    let done = covered.get(conversationId);
    if (done === undefined) {
      done = coveredBeforeRestart(store, conversationId, dropped.length);
      // Remember the starting point now, so a failure below is retried from here.
      setCovered(conversationId, done);
    }
    if (dropped.length <= done) return;
    const fresh = dropped.slice(done);
    if (stopping.signal.aborted) return;
    // Recorded like a turn (audit kind memory_summary; counted by the usage report): model, tokens, duration.
    const started = performance.now();
    const record = (detail: Record<string, unknown>) =>
      store.audit.add({
        kind: "memory_summary",
        userId,
        conversationId,
        detail: { model, messages: fresh.length, durationMs: Math.round(performance.now() - started), ...detail },
      });
    let call: SummaryCall;
    try {
      call = await summariseCall({ client, model, messages: fresh, signal: stopping.signal });
    } catch (e) {
      record({ ok: false, usage: null, error: errorText(e) });
      throw e;
    }
    const note = call.note;
    if (call.usage) record({ ok: true, usage: call.usage, remembered: note !== null });
    if (note) store.memories.add(userId, conversationId, note);
    setCovered(conversationId, dropped.length);
  }

  async function forget(userId: string, conversationId: string, dropped: MessageParam[]): Promise<void> {
    if (!dropped.length) return;
    const previous = chains.get(conversationId) ?? Promise.resolve();
    const run = previous
      .then(() => summariseNew(userId, conversationId, dropped))
      .catch((e) => log(`memory: could not summarise older messages of conversation ${conversationId}: ${errorText(e)}`));
    chains.set(conversationId, run);
    run.finally(() => {
      if (chains.get(conversationId) === run) chains.delete(conversationId);
    });
    if (!deps.background) await run;
  }

  /** Vector ranking (best first), or null when embeddings are off or failed. */
  async function vectorRanking(userId: string, question: string): Promise<Memory[] | null> {
    if (!embeddings || Date.now() < embeddingsDownUntil) return null;
    try {
      const pending = store.memories.withoutEmbedding(userId, embeddings.model).slice(0, EMBED_BATCH - 1);
      const vectors = await embeddings.embed([question, ...pending.map((m) => m.content)]);
      const q = vectors[0]!;
      pending.forEach((m, i) => store.memories.setEmbedding(m.id, embeddings.model, vectors[i + 1]!));
      const scored = store.memories
        .embeddings(userId, embeddings.model)
        .map((e) => ({ id: e.memoryId, content: e.content, sim: cosine(q, e.vector) }))
        .filter((s) => s.sim >= minSimilarity)
        .sort((a, b) => b.sim - a.sim || b.id - a.id)
        .slice(0, limit);
      return scored.map((s) => ({ id: s.id, userId, conversationId: null, content: s.content, createdAt: "" }));
    } catch (e) {
      embeddingsDownUntil = Date.now() + retryMs;
      log(`embeddings unavailable, using FTS5 only: ${errorText(e)}`);
      return null;
    }
  }

  async function recall(userId: string, question: string): Promise<string[]> {
    try {
      const match = ftsQuery(question);
      const fts = match ? store.memories.search(userId, match, limit) : [];
      const vec = await vectorRanking(userId, question);
      const ranked = vec ? fuse([fts, vec]).slice(0, limit) : fts;
      return capTexts(
        ranked.map((m) => m.content),
        maxRecallChars,
      );
    } catch (e) {
      log(`memory: recall failed, answering without memories: ${errorText(e)}`);
      return [];
    }
  }

  async function idle(): Promise<void> {
    while (chains.size) await Promise.allSettled([...chains.values()]);
  }

  function stop(): void {
    stopping.abort();
  }

  return { forget, recall, idle, stop };
}

/**
 * Reciprocal rank fusion: each list adds 1/(k + rank) (rank from 1) to a memory's
 * score; best first. Ties keep the order of first appearance (the FTS5 list first).
 */
export function fuse<T extends { id: number }>(lists: readonly (readonly T[])[], k = RRF_K): T[] {
  const score = new Map<number, { item: T; score: number; first: number }>();
  let seen = 0;
  for (const list of lists) {
    list.forEach((item, i) => {
      const s = score.get(item.id);
      if (s) s.score += 1 / (k + i + 1);
      else score.set(item.id, { item, score: 1 / (k + i + 1), first: seen++ });
    });
  }
  return [...score.values()].sort((a, b) => b.score - a.score || a.first - b.first).map((s) => s.item);
}

/**
 * Keep texts in order while they fit in `maxChars` in total (a text that does not fit
 * is skipped, a shorter later one may still fit). The first text is cut to fit rather
 * than dropped, so the most relevant memory always comes through.
 */
export function capTexts(texts: readonly string[], maxChars: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (const raw of texts) {
    const t = raw.trim();
    if (!t) continue;
    if (used + t.length <= maxChars) {
      out.push(t);
      used += t.length;
    } else if (!out.length && maxChars > 1) {
      out.push(clip(t, maxChars));
      used = maxChars;
    }
  }
  return out;
}

/**
 * After a restart: how many of the conversation's first `droppedNow` messages the
 * previous turn's `forget` already covered (see the header comment).
 */
export function coveredBeforeRestart(store: Store, conversationId: string, droppedNow: number): number {
  const stored = store.messages.list(conversationId).map((m) => ({ role: m.role, content: m.content }) as MessageParam);
  return coveredBefore(stored, droppedNow);
}

/** The pure part of `coveredBeforeRestart`: `stored` is the whole conversation as the current turn found it. */
export function coveredBefore(stored: readonly MessageParam[], droppedNow: number): number {
  if (droppedNow <= 0 || droppedNow > stored.length) return 0;
  // Where the previous turn began: its question, the last user-text message.
  let prevStart = -1;
  for (let i = stored.length - 1; i >= 0; i--) {
    if (isUserText(stored[i]!)) {
      prevStart = i;
      break;
    }
  }
  if (prevStart <= 0) return 0;
  const before = stored.slice(0, prevStart) as MessageParam[];
  const all = stored as MessageParam[];
  const windowNow = stored.length - droppedNow;
  let best: number | null = null;
  for (let lim = 0; lim <= stored.length; lim++) {
    if (historyWindow(all, lim).length !== windowNow) continue;
    const then = before.length - historyWindow(before, lim).length;
    if (best === null || then < best) best = then;
  }
  return Math.max(0, Math.min(best ?? 0, droppedNow));
}

function errorText(e: unknown): string {
  const err = e as { message?: string; status?: number; name?: string };
  const msg = (err?.message ?? String(e)).replace(/\s+/g, " ").trim();
  return clip(msg, 300);
}
