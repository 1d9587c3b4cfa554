/** The audit log: every turn, tool call, approval, write and security event. Never secrets. */
import type { AuditKind } from "../core/vocab.ts";
import { isoOf, json, type Row, type StoreDb } from "./db.ts";

export type NewAuditEntry = {
  kind: AuditKind;
  userId?: string | null;
  conversationId?: string | null;
  detail?: unknown;
  /** Defaults to now. */
  at?: Date | string;
};
export type AuditEntry = {
  id: number;
  at: string;
  userId: string | null;
  conversationId: string | null;
  kind: AuditKind;
  detail: unknown;
};

export class AuditLog {
  constructor(private readonly s: StoreDb) {}

  /** Append an entry; returns its id. Never put secrets in `detail`. */
  add(entry: NewAuditEntry): number {
    return this.s.one(
      "INSERT INTO audit_log (at, user_id, conversation_id, kind, detail) VALUES (?, ?, ?, ?, ?) RETURNING id",
      entry.at !== undefined ? isoOf(entry.at) : this.s.iso(),
      entry.userId ?? null,
      entry.conversationId ?? null,
      entry.kind,
      json(entry.detail ?? {}),
    )!.id;
  }

  /** Entries, newest first; `since` is inclusive. */
  list(opts: { userId?: string; since?: Date | string; kind?: AuditKind; limit?: number } = {}): AuditEntry[] {
    return this.s
      .many(
        `SELECT * FROM audit_log
         WHERE (?1 IS NULL OR user_id = ?1) AND (?2 IS NULL OR at >= ?2) AND (?3 IS NULL OR kind = ?3)
         ORDER BY at DESC, id DESC LIMIT ?4`,
        opts.userId ?? null,
        opts.since !== undefined ? isoOf(opts.since) : null,
        opts.kind ?? null,
        opts.limit ?? 1000,
      )
      .map(toAudit);
  }
}

function toAudit(r: Row): AuditEntry {
  return { id: r.id, at: r.at, userId: r.user_id, conversationId: r.conversation_id, kind: r.kind, detail: JSON.parse(r.detail) };
}
