/** Allowlisted users, their one-time login links and their browser sessions. */
import { LOCAL_USER_ID } from "../core/vocab.ts";
import { perTick } from "../core/per-tick.ts";
import { type Row, sha256, StoreError, randomToken, type StoreDb } from "./db.ts";

export type User = { id: string; name: string; createdAt: string };

/** A session's last_seen_at (and, renewed on use, its expiry) is refreshed at most this often. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** Personal tokens start with this, so a leaked one is recognisable (and secret scanners can find it). */
export const PERSONAL_TOKEN_PREFIX = "bcp_";

export class Users {
  constructor(private readonly s: StoreDb) {}

  /** Every request asks (single-user local mode or sign-in): read once per turn of the event loop (core/per-tick.ts). */
  private readonly counted = perTick(() => this.countNow());

  private countNow(): number {
    return this.s.one("SELECT count(*) AS n FROM users")!.n;
  }

  /**
   * Add an allowlisted user; returns the user and a one-time login token (shown once,
   * stored hashed). The first user takes over what single-user local mode made
   * (`adopted`: conversations with their turns, approvals, memories and audit entries),
   * so nothing made before the allowlist becomes unreachable.
   */
  add(name: string): { user: User; loginToken: string; adopted: number } {
    const clean = cleanUserName(name);
    return this.s.transaction(() => {
      if (this.s.one("SELECT 1 FROM users WHERE name = ?", clean)) throw new StoreError(`user already exists: ${clean}`);
      const first = this.countNow() === 0;
      const user: User = { id: crypto.randomUUID(), name: clean, createdAt: this.s.iso() };
      this.s.exec("INSERT INTO users (id, name, created_at) VALUES (?, ?, ?)", user.id, user.name, user.createdAt);
      this.counted.forget();
      let adopted = 0;
      if (first) {
        adopted = this.s.exec("UPDATE conversations SET user_id = ? WHERE user_id = ?", user.id, LOCAL_USER_ID).changes;
        for (const table of ["turns", "approvals", "memories", "audit_log"]) {
          this.s.exec(`UPDATE ${table} SET user_id = ? WHERE user_id = ?`, user.id, LOCAL_USER_ID);
        }
      }
      return { user, loginToken: this.newLoginToken(user.id), adopted };
    });
  }

  /** A new one-time login token for an existing user (lost link); null if there is no such user. */
  issueLoginToken(name: string): string | null {
    return this.s.transaction(() => {
      const user = this.byName(name);
      return user ? this.newLoginToken(user.id) : null;
    });
  }

  /**
   * A new one-time login token for a user who asks for it themselves (Settings, "Sign in on
   * another device"): their earlier unused tokens stop working, so a link sent to the wrong
   * place is void as soon as they make another.
   */
  replaceLoginToken(userId: string): string {
    return this.s.transaction(() => {
      this.s.exec("DELETE FROM login_tokens WHERE user_id = ? AND used_at IS NULL", userId);
      return this.newLoginToken(userId);
    });
  }

  list(): User[] {
    return this.s.many("SELECT * FROM users ORDER BY name").map(toUser);
  }

  get(id: string): User | null {
    const row = this.s.one("SELECT * FROM users WHERE id = ?", id);
    return row ? toUser(row) : null;
  }

  byName(name: string): User | null {
    const row = this.s.one("SELECT * FROM users WHERE name = ?", name.trim());
    return row ? toUser(row) : null;
  }

  /** Remove a user with their sessions, login tokens and personal token (their conversations and audit entries stay). */
  remove(name: string): boolean {
    const removed = this.s.exec("DELETE FROM users WHERE name = ?", name.trim()).changes > 0;
    this.counted.forget();
    return removed;
  }

  count(): number {
    return this.counted();
  }

  /**
   * Use a login token: the first call marks it used and returns its user, any later
   * call (or an unknown token, or one older than `maxAgeMs`) returns null.
   */
  consumeLoginToken(raw: string, maxAgeMs?: number): User | null {
    if (!raw) return null;
    const now = this.s.clock();
    const oldest = maxAgeMs === undefined ? "" : new Date(now.getTime() - maxAgeMs).toISOString();
    const row = this.s.one(
      `UPDATE login_tokens SET used_at = ?
       WHERE token_hash = ? AND used_at IS NULL AND created_at >= ?
       RETURNING user_id`,
      now.toISOString(),
      sha256(raw),
      oldest,
    );
    return row ? this.get(row.user_id) : null;
  }

  /**
   * A new personal token for an existing user (the Bearer token of MCP over HTTP),
   * replacing any earlier one; null if there is no such user. The raw token is returned
   * once and stored only as its SHA-256.
   */
  issuePersonalToken(name: string): string | null {
    return this.s.transaction(() => {
      const user = this.byName(name);
      if (!user) return null;
      const raw = `${PERSONAL_TOKEN_PREFIX}${randomToken()}`;
      this.s.exec(
        `INSERT INTO personal_tokens (user_id, token_hash, created_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at, last_used_at = NULL`,
        user.id,
        sha256(raw),
        this.s.iso(),
      );
      return raw;
    });
  }

  /** Revoke a user's personal token; false if they had none (or there is no such user). */
  revokePersonalToken(name: string): boolean {
    return this.s.exec("DELETE FROM personal_tokens WHERE user_id = (SELECT id FROM users WHERE name = ?)", name.trim()).changes > 0;
  }

  /** The user a personal token belongs to, or null (unknown or revoked). Marks it used. */
  byPersonalToken(raw: string): User | null {
    if (!raw) return null;
    const hash = sha256(raw);
    const row = this.s.one("SELECT u.* FROM personal_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?", hash);
    if (!row) return null;
    const now = this.s.clock();
    this.s.exec(
      "UPDATE personal_tokens SET last_used_at = ? WHERE token_hash = ? AND (last_used_at IS NULL OR last_used_at < ?)",
      now.toISOString(),
      hash,
      new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS).toISOString(),
    );
    return toUser(row);
  }

  private newLoginToken(userId: string): string {
    const raw = randomToken();
    this.s.exec("INSERT INTO login_tokens (token_hash, user_id, created_at) VALUES (?, ?, ?)", sha256(raw), userId, this.s.iso());
    return raw;
  }
}

export class Sessions {
  constructor(private readonly s: StoreDb) {}

  /** Start a session; returns the raw session id for the cookie (only its hash is stored). */
  create(userId: string, ttlMs: number): string {
    const raw = randomToken();
    const now = this.s.clock();
    this.s.exec(
      "INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
      sha256(raw),
      userId,
      now.toISOString(),
      now.toISOString(),
      new Date(now.getTime() + ttlMs).toISOString(),
    );
    return raw;
  }

  /**
   * The user of a live session, or null (unknown, expired, or the user was removed).
   * With `renewTtlMs` a session in use lasts that long from now (renewed at most once a
   * minute): `renewed` says whether it was, so the cookie can be renewed with it.
   */
  user(raw: string, renewTtlMs?: number): (User & { renewed: boolean }) | null {
    if (!raw) return null;
    const now = this.s.clock();
    const hash = sha256(raw);
    const row = this.s.one(
      `SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id_hash = ? AND s.expires_at > ?`,
      hash,
      now.toISOString(),
    );
    if (!row) return null;
    const renewed =
      this.s.exec(
        "UPDATE sessions SET last_seen_at = ?1, expires_at = coalesce(?4, expires_at) WHERE id_hash = ?2 AND last_seen_at < ?3",
        now.toISOString(),
        hash,
        new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS).toISOString(),
        renewTtlMs === undefined ? null : new Date(now.getTime() + renewTtlMs).toISOString(),
      ).changes > 0;
    return { ...toUser(row), renewed: renewed && renewTtlMs !== undefined };
  }

  /** Log out. */
  delete(raw: string): boolean {
    return this.s.exec("DELETE FROM sessions WHERE id_hash = ?", sha256(raw)).changes > 0;
  }

  /** Drop expired sessions; returns how many. */
  deleteExpired(): number {
    return this.s.exec("DELETE FROM sessions WHERE expires_at <= ?", this.s.iso()).changes;
  }
}

/** What is wrong with a user name as given (null: nothing), so the CLI can refuse it as bad input. */
export function userNameProblem(name: string): string | null {
  const clean = name.trim();
  if (!clean) return "user name must not be empty";
  if (clean.length > 64) return "user name is too long (at most 64 characters)";
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(clean)) return "user name must not contain control characters";
  return null;
}

function cleanUserName(name: string): string {
  const problem = userNameProblem(name);
  if (problem) throw new StoreError(problem);
  return name.trim();
}

function toUser(r: Row): User {
  return { id: r.id, name: r.name, createdAt: r.created_at };
}
