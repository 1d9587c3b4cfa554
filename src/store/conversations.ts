/** Conversations and their messages, stored exactly as the Messages API takes them. */
import type { ContentBlockParam, MessageParam } from "@anthropic-ai/sdk/resources/messages/messages";
import { stripControls } from "../core/validation.ts";
import { type Row, searchMatches, StoreError, type StoreDb } from "./db.ts";

export type Conversation = { id: string; userId: string; title: string; createdAt: string; updatedAt: string };

export type MessageRole = "user" | "assistant";
/** A message's content exactly as the Messages API takes it. */
export type MessageContent = string | ContentBlockParam[];
export type NewMessage = { role: MessageRole; content: MessageContent };
export type StoredMessage = {
  id: number;
  conversationId: string;
  turnId: string | null;
  role: MessageRole;
  content: MessageContent;
  createdAt: string;
};

export class Conversations {
  constructor(private readonly s: StoreDb) {}

  /** `id`: given by a caller that must know it before the row is stored (a turn's start, re-run should its commit fail). */
  create(userId: string, title?: string | null, id: string = crypto.randomUUID()): Conversation {
    const now = this.s.iso();
    const conv: Conversation = { id, userId, title: cleanTitle(title), createdAt: now, updatedAt: now };
    this.s.exec(
      "INSERT INTO conversations (id, user_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
      conv.id,
      conv.userId,
      conv.title,
      conv.createdAt,
      conv.updatedAt,
    );
    return conv;
  }

  /** The conversation, or null when it does not exist, was deleted, or belongs to another user. */
  get(userId: string, id: string): Conversation | null {
    const row = this.s.one("SELECT * FROM conversations WHERE id = ? AND user_id = ? AND deleted_at IS NULL", id, userId);
    return row ? toConversation(row) : null;
  }

  /** The user's conversations, most recently updated first. */
  list(userId: string, limit = 1000): Conversation[] {
    return this.s
      .many("SELECT * FROM conversations WHERE user_id = ? AND deleted_at IS NULL ORDER BY updated_at DESC, rowid DESC LIMIT ?", userId, limit)
      .map(toConversation);
  }

  /**
   * Ids of the user's conversations whose title or any message's text contains `query`
   * (folded as every search: case, accents, ü = ue = u …; `%` and `_` are literal), most
   * recently updated first.
   */
  search(userId: string, query: string, limit = 1000): string[] {
    return this.s
      .many(
        `SELECT c.id FROM conversations c
         WHERE c.user_id = ?1 AND c.deleted_at IS NULL
           AND (${searchMatches("c.title", "?2")}
             OR EXISTS (SELECT 1 FROM messages m, json_each(m.content) b
                        WHERE m.conversation_id = c.id AND json_extract(b.value, '$.type') = 'text'
                          AND ${searchMatches("json_extract(b.value, '$.text')", "?2")}))
         ORDER BY c.updated_at DESC, c.rowid DESC LIMIT ?3`,
        userId,
        query,
        limit,
      )
      .map((r) => r.id as string);
  }

  rename(userId: string, id: string, title: string): boolean {
    return this.s.exec("UPDATE conversations SET title = ? WHERE id = ? AND user_id = ?", cleanTitle(title), id, userId).changes > 0;
  }

  /** Delete a conversation with its messages, turns and display logs. */
  delete(userId: string, id: string): boolean {
    return this.s.exec("DELETE FROM conversations WHERE id = ? AND user_id = ?", id, userId).changes > 0;
  }

  /** Delete a conversation so that `restore` can still bring it back until `purgeDeleted` removes it for good. */
  softDelete(userId: string, id: string): Conversation | null {
    const row = this.s.one("UPDATE conversations SET deleted_at = ? WHERE id = ? AND user_id = ? AND deleted_at IS NULL RETURNING *", this.s.iso(), id, userId);
    return row ? toConversation(row) : null;
  }

  /** Undo a delete that was not purged yet. */
  restore(userId: string, id: string): boolean {
    return this.s.exec("UPDATE conversations SET deleted_at = NULL WHERE id = ? AND user_id = ? AND deleted_at IS NOT NULL", id, userId).changes > 0;
  }

  /** A deleted conversation of the user (still restorable), or null. */
  deleted(userId: string, id: string): Conversation | null {
    const row = this.s.one("SELECT * FROM conversations WHERE id = ? AND user_id = ? AND deleted_at IS NOT NULL", id, userId);
    return row ? toConversation(row) : null;
  }

  /** Remove for good the conversations deleted at or before `before` (all of them without it); returns how many. */
  purgeDeleted(before?: Date): number {
    return this.s.exec("DELETE FROM conversations WHERE deleted_at IS NOT NULL AND deleted_at <= ?", (before ?? new Date(8.64e15)).toISOString()).changes;
  }

  /** Mark a conversation as just used (moves it to the top of the list). */
  touch(id: string): void {
    this.s.exec("UPDATE conversations SET updated_at = ? WHERE id = ?", this.s.iso(), id);
  }
}

export class Messages {
  constructor(private readonly s: StoreDb) {}

  /**
   * Append messages (in order, one transaction); content is stored verbatim as JSON.
   * Only user and assistant messages belong in a conversation (a 'system' role throws).
   * Returns their ids.
   */
  append(conversationId: string, turnId: string | null, msgs: readonly (NewMessage | MessageParam)[]): number[] {
    if (!msgs.length) return [];
    for (const m of msgs) {
      if (m.role !== "user" && m.role !== "assistant") throw new StoreError(`cannot store a '${m.role}' message in a conversation`);
    }
    return this.s.transaction(() => {
      const now = this.s.iso();
      const ids = msgs.map(
        (m) =>
          this.s.one(
            "INSERT INTO messages (conversation_id, turn_id, role, content, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
            conversationId,
            turnId,
            m.role,
            JSON.stringify(m.content),
            now,
          )!.id as number,
      );
      this.s.exec("UPDATE conversations SET updated_at = ? WHERE id = ?", now, conversationId);
      return ids;
    });
  }

  /** Every message of a conversation, oldest first. */
  list(conversationId: string): StoredMessage[] {
    return this.s.many("SELECT * FROM messages WHERE conversation_id = ? ORDER BY id", conversationId).map(toMessage);
  }

  /** The newest message of a conversation, or null. */
  last(conversationId: string): StoredMessage | null {
    const row = this.s.one("SELECT * FROM messages WHERE conversation_id = ? ORDER BY id DESC LIMIT 1", conversationId);
    return row ? toMessage(row) : null;
  }
}

function cleanTitle(title: string | null | undefined): string {
  const t = stripControls(title ?? "").replace(/\s+/g, " ").trim().slice(0, 200);
  return t || "New chat";
}

function toConversation(r: Row): Conversation {
  return { id: r.id, userId: r.user_id, title: r.title, createdAt: r.created_at, updatedAt: r.updated_at };
}

function toMessage(r: Row): StoredMessage {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    turnId: r.turn_id,
    role: r.role,
    content: JSON.parse(r.content),
    createdAt: r.created_at,
  };
}
