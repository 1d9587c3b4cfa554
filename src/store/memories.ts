/** Long-term memory notes per user, their FTS5 index and optional embedding vectors. */
import { type Row, searchMatches, type StoreDb } from "./db.ts";

export type Memory = { id: number; userId: string; conversationId: string | null; content: string; createdAt: string };
/** A search hit; `score` is FTS5 bm25 (lower is more relevant). */
export type MemoryHit = Memory & { score: number };
export type MemoryEmbedding = { memoryId: number; model: string; vector: Float32Array; content: string };

export class Memories {
  constructor(private readonly s: StoreDb) {}

  add(userId: string, conversationId: string | null, content: string): number {
    return this.s.one(
      "INSERT INTO memories (user_id, conversation_id, content, created_at) VALUES (?, ?, ?, ?) RETURNING id",
      userId,
      conversationId,
      content,
      this.s.iso(),
    )!.id;
  }

  /** The user's memories, newest first; `search` filters by substring, folded as every search (SPEC §1). */
  list(userId: string, search?: string): Memory[] {
    const needle = search?.trim();
    if (needle) {
      return this.s.many(`SELECT * FROM memories WHERE user_id = ? AND ${searchMatches("content", "?")} ORDER BY id DESC`, userId, needle).map(toMemory);
    }
    return this.s.many("SELECT * FROM memories WHERE user_id = ? ORDER BY id DESC", userId).map(toMemory);
  }

  delete(userId: string, id: number): boolean {
    return this.s.exec("DELETE FROM memories WHERE id = ? AND user_id = ?", id, userId).changes > 0;
  }

  /** The user's memories matching an FTS5 MATCH expression, by bm25 (best first). */
  search(userId: string, match: string, limit = 5): MemoryHit[] {
    return this.s
      .many(
        `SELECT m.*, bm25(memories_fts) AS score
         FROM memories_fts JOIN memories m ON m.id = memories_fts.rowid
         WHERE memories_fts MATCH ? AND m.user_id = ?
         ORDER BY score, m.id DESC LIMIT ?`,
        match,
        userId,
        limit,
      )
      .map((r) => ({ ...toMemory(r), score: r.score }));
  }

  /** Store (or replace) a memory's embedding vector. */
  setEmbedding(memoryId: number, model: string, vector: Float32Array): void {
    this.s.exec(
      `INSERT INTO memory_embeddings (memory_id, model, vector) VALUES (?, ?, ?)
       ON CONFLICT (memory_id) DO UPDATE SET model = excluded.model, vector = excluded.vector`,
      memoryId,
      model,
      new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength),
    );
  }

  /** The user's memories that have an embedding (optionally only from `model`), with their text. */
  embeddings(userId: string, model?: string): MemoryEmbedding[] {
    return this.s
      .many(
        `SELECT e.memory_id, e.model, e.vector, m.content
         FROM memory_embeddings e JOIN memories m ON m.id = e.memory_id
         WHERE m.user_id = ?1 AND (?2 IS NULL OR e.model = ?2) ORDER BY m.id`,
        userId,
        model ?? null,
      )
      .map((r) => ({ memoryId: r.memory_id, model: r.model, vector: toFloat32(r.vector), content: r.content }));
  }

  /** Memories of the user that have no embedding yet (optionally none for `model`). */
  withoutEmbedding(userId: string, model?: string): Memory[] {
    return this.s
      .many(
        `SELECT m.* FROM memories m LEFT JOIN memory_embeddings e ON e.memory_id = m.id
         WHERE m.user_id = ?1 AND (e.memory_id IS NULL OR (?2 IS NOT NULL AND e.model <> ?2)) ORDER BY m.id`,
        userId,
        model ?? null,
      )
      .map(toMemory);
  }
}

function toFloat32(blob: Uint8Array): Float32Array {
  // Copy: a BLOB's bytes need not be 4-byte aligned.
  const copy = new Uint8Array(blob.byteLength);
  copy.set(blob);
  return new Float32Array(copy.buffer, 0, Math.floor(copy.byteLength / 4));
}

function toMemory(r: Row): Memory {
  return { id: r.id, userId: r.user_id, conversationId: r.conversation_id, content: r.content, createdAt: r.created_at };
}
