/**
 * The app database as the rest of the product sees it: one object per kind of data,
 * all on one SQLite connection (so a transaction can span them).
 */
import type { Database } from "bun:sqlite";
import { Approvals } from "./approvals.ts";
import { AuditLog } from "./audit-log.ts";
import { Budgets } from "./budgets.ts";
import { Conversations, Messages } from "./conversations.ts";
import { openStoreDb, type StoreDb, userVersion } from "./db.ts";
import { Memories } from "./memories.ts";
import { Turns } from "./turns.ts";
import { UsageReport } from "./usage-report.ts";
import { Sessions, Users } from "./accounts.ts";

export type StoreOptions = {
  /** The clock used for every timestamp the database writes (tests inject one). */
  now?: () => Date;
};

export class Store {
  readonly users: Users;
  readonly sessions: Sessions;
  readonly conversations: Conversations;
  readonly messages: Messages;
  readonly turns: Turns;
  readonly audit: AuditLog;
  readonly approvals: Approvals;
  readonly memories: Memories;
  readonly usage: UsageReport;
  /** The household's monthly budgets (issue 13). */
  readonly budgets: Budgets;

  private constructor(private readonly s: StoreDb) {
    this.users = new Users(s);
    this.sessions = new Sessions(s);
    this.conversations = new Conversations(s);
    this.messages = new Messages(s);
    this.turns = new Turns(s);
    this.audit = new AuditLog(s);
    this.approvals = new Approvals(s, this.audit);
    this.memories = new Memories(s);
    this.usage = new UsageReport(s);
    this.budgets = new Budgets(s, this.audit);
  }

  /** Open (creating it and its parent directories if needed) and migrate the app database at `path`. */
  static open(path: string, opts: StoreOptions = {}): Store {
    return new Store(openStoreDb(path, opts.now));
  }

  /** A fresh in-memory app database (tests). */
  static memory(opts: StoreOptions = {}): Store {
    return new Store(openStoreDb(":memory:", opts.now));
  }

  /** The raw SQLite connection, for tests and maintenance only: the modules above are the interface. */
  get db(): Database {
    return this.s.db;
  }

  get path(): string {
    return this.s.path;
  }

  /** The schema version stored in the file (PRAGMA user_version). */
  schemaVersion(): number {
    return userVersion(this.s.db);
  }

  /** Run `fn` in one immediate (write-locking) transaction; nested calls join it. */
  transaction<T>(fn: () => T): T {
    return this.s.transaction(fn);
  }

  close(): void {
    try {
      this.s.db.run("PRAGMA optimize");
    } catch {
      /* closing anyway */
    }
    this.s.db.close();
  }
}
