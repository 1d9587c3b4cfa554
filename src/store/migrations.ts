/**
 * The app database's schema, as an ordered list of migrations. Migration N (1-based)
 * brings a database from `PRAGMA user_version = N-1` to N; each runs in its own
 * transaction together with the version bump. Never edit a released migration:
 * append a new one.
 */

/** `PRAGMA application_id` of every budget-chat app database ("bcht"). */
export const APPLICATION_ID = 0x62636874;

export const MIGRATIONS: readonly string[] = [
  // 1: users, conversations, turns, approvals, audit, memories.
  `
PRAGMA application_id = ${APPLICATION_ID};

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);

-- Login links: only the SHA-256 hex of the token is stored.
CREATE TABLE login_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX login_tokens_user ON login_tokens(user_id);

-- Browser sessions: only the SHA-256 hex of the cookie value is stored.
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

-- user_id is 'local' in single-user mode, so it is not a foreign key.
CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX conversations_user_updated ON conversations(user_id, updated_at);

CREATE TABLE turns (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'done', 'error', 'stopped', 'interrupted')),
  model TEXT NOT NULL,
  question TEXT NOT NULL,
  started_at TEXT NOT NULL,
  ended_at TEXT,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  cache_creation_input_tokens INTEGER NOT NULL DEFAULT 0,
  cache_read_input_tokens INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  incomplete INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX turns_conversation ON turns(conversation_id, started_at);
CREATE INDEX turns_status ON turns(status);
CREATE INDEX turns_started ON turns(started_at);

-- The conversation as the API sees it. content: JSON array of content blocks, verbatim.
CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  turn_id TEXT REFERENCES turns(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
  content TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX messages_conversation ON messages(conversation_id, id);
CREATE INDEX messages_turn ON messages(turn_id);

-- The display log of a turn (AgentEvent JSON, text deltas coalesced by the caller).
CREATE TABLE turn_events (
  turn_id TEXT NOT NULL REFERENCES turns(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  event TEXT NOT NULL,
  PRIMARY KEY (turn_id, seq)
) WITHOUT ROWID;

-- Kept when a conversation is deleted: approvals and writes are the audit/undo trail.
CREATE TABLE approvals (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  conversation_id TEXT NOT NULL,
  turn_id TEXT NOT NULL,
  tool_use_id TEXT NOT NULL,
  tool TEXT NOT NULL,
  args TEXT NOT NULL,
  preview TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'expired', 'executed', 'undone')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  decided_at TEXT,
  result TEXT
);
CREATE INDEX approvals_user ON approvals(user_id, created_at);
CREATE INDEX approvals_status ON approvals(status, expires_at);
CREATE INDEX approvals_turn ON approvals(turn_id);

-- before/after: JSON arrays of {id, category, source, confidence} (budget transactions).
CREATE TABLE writes (
  id INTEGER PRIMARY KEY,
  approval_id TEXT NOT NULL UNIQUE REFERENCES approvals(id),
  before TEXT NOT NULL,
  after TEXT NOT NULL,
  created_at TEXT NOT NULL,
  undone_at TEXT
);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  user_id TEXT,
  conversation_id TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('turn', 'tool_call', 'approval_requested', 'approval_decided',
    'approval_expired', 'write', 'undo', 'login', 'security')),
  detail TEXT NOT NULL
);
CREATE INDEX audit_log_at ON audit_log(at);
CREATE INDEX audit_log_user_at ON audit_log(user_id, at);

-- Long-term memory. Survives the deletion of the conversation it came from.
CREATE TABLE memories (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL,
  conversation_id TEXT REFERENCES conversations(id) ON DELETE SET NULL,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX memories_user ON memories(user_id, id);
CREATE INDEX memories_conversation ON memories(conversation_id);

CREATE VIRTUAL TABLE memories_fts USING fts5(
  content,
  content = 'memories',
  content_rowid = 'id',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER memories_ai AFTER INSERT ON memories BEGIN
  INSERT INTO memories_fts(rowid, content) VALUES (new.id, new.content);
END;
CREATE TRIGGER memories_ad AFTER DELETE ON memories BEGIN
  INSERT INTO memories_fts(memories_fts, rowid, content) VALUES ('delete', old.id, old.content);
END;
CREATE TRIGGER memories_au AFTER UPDATE OF content ON memories BEGIN
  INSERT INTO memories_fts(memories_fts, rowid, content) VALUES ('delete', old.id, old.content);
  INSERT INTO memories_fts(rowid, content) VALUES (new.id, new.content);
END;

-- vector: the bytes of a Float32Array (little-endian, as the platform writes them).
CREATE TABLE memory_embeddings (
  memory_id INTEGER PRIMARY KEY REFERENCES memories(id) ON DELETE CASCADE,
  model TEXT NOT NULL,
  vector BLOB NOT NULL
);
`,
  // 2: turn_events carry the format of their event JSON (TURN_EVENT_FORMAT in turns.ts).
  `ALTER TABLE turn_events ADD COLUMN format INTEGER NOT NULL DEFAULT 1;`,
  // 3 (issue 17, MCP over HTTP): one personal token per user, sent as a Bearer header to /mcp.
  // Only the SHA-256 hex of the token is stored; issuing a new one replaces the old.
  `
CREATE TABLE personal_tokens (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
`,
  // 4 (issue 15, UX round 2): Retry/Regenerate/edit replace an answer. The replaced turn stays for usage and audit
  // (its tokens were spent) but leaves the conversation's page and the model's history.
  `ALTER TABLE turns ADD COLUMN replaced_by TEXT;`,
  // 5 (issue 16): at most one running turn per conversation, so two answers never interleave its history.
  // Should an older build have left two running turns in one conversation, all but the newest are closed here
  // (the index could not be built otherwise); start-up recovery closes the rest as usual.
  `UPDATE turns SET status = 'interrupted', ended_at = coalesce(ended_at, started_at), incomplete = 1
     WHERE status = 'running' AND rowid NOT IN (SELECT max(rowid) FROM turns WHERE status = 'running' GROUP BY conversation_id);
   CREATE UNIQUE INDEX turns_one_running ON turns(conversation_id) WHERE status = 'running';`,
  // 6 (issue 16): approvals may end 'failed' (approved, but nothing could be written); the audit log records
  // memory summarisation calls ('memory_summary'). SQLite cannot change a CHECK: both tables are rebuilt
  // (migrate() runs this with foreign keys off and checks them before committing).
  `
CREATE TABLE approvals_new (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  conversation_id TEXT NOT NULL,
  turn_id TEXT NOT NULL,
  tool_use_id TEXT NOT NULL,
  tool TEXT NOT NULL,
  args TEXT NOT NULL,
  preview TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'expired', 'executed', 'undone', 'failed')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  decided_at TEXT,
  result TEXT
);
INSERT INTO approvals_new (id, user_id, conversation_id, turn_id, tool_use_id, tool, args, preview, status, created_at, expires_at, decided_at, result)
  SELECT id, user_id, conversation_id, turn_id, tool_use_id, tool, args, preview, status, created_at, expires_at, decided_at, result FROM approvals ORDER BY rowid;
DROP TABLE approvals;
ALTER TABLE approvals_new RENAME TO approvals;
CREATE INDEX approvals_user ON approvals(user_id, created_at);
CREATE INDEX approvals_status ON approvals(status, expires_at);
CREATE INDEX approvals_turn ON approvals(turn_id);

CREATE TABLE audit_log_new (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  user_id TEXT,
  conversation_id TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('turn', 'tool_call', 'approval_requested', 'approval_decided',
    'approval_expired', 'write', 'undo', 'login', 'security', 'memory_summary')),
  detail TEXT NOT NULL
);
INSERT INTO audit_log_new (id, at, user_id, conversation_id, kind, detail) SELECT id, at, user_id, conversation_id, kind, detail FROM audit_log;
DROP TABLE audit_log;
ALTER TABLE audit_log_new RENAME TO audit_log;
CREATE INDEX audit_log_at ON audit_log(at);
CREATE INDEX audit_log_user_at ON audit_log(user_id, at);
`,
  // 7 (issue 13, budgets): a monthly amount per spending category, for the whole household
  // (not per user). `currency` is the data's main currency when it was set; `updated_by`
  // names who set it (a user's name, or "cli"). Every change is also in the audit log.
  `
CREATE TABLE budgets (
  category TEXT PRIMARY KEY,
  amount REAL NOT NULL CHECK (amount > 0),
  currency TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL
);
`,
  // 8 (issue 25, reliability): the journal of the two-phase write path to budget.db (src/ledger/write-path.ts).
  // An intent is stored (status 'pending') before budget.db commits and marked 'done' after; start-up compares
  // a crash's leftovers with budget.db. `changes` holds the changed rows' before/after (a sample for big
  // writes), `settle` what chat.db records once budget.db holds the change (the approval's write, the audit).
  `
CREATE TABLE budget_writes (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  user_id TEXT,
  db_path TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
  changes TEXT NOT NULL,
  changed_rows INTEGER NOT NULL,
  settle TEXT,
  snapshot TEXT,
  error TEXT,
  created_at TEXT NOT NULL,
  ended_at TEXT
);
CREATE INDEX budget_writes_pending ON budget_writes(status) WHERE status = 'pending';
`,
  // 9 (issue 24, data in your hands): the user's own changes to budget.db outside an approval (a transaction edited
  // on the Transactions page, a category added, renamed, merged or described), with exactly what they replaced, so
  // an undo restores it. `kind` names the change; `input`, `before` and `after` are JSON in the change's own terms.
  `
CREATE TABLE data_edits (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('transaction_edit', 'category')),
  user_id TEXT NOT NULL,
  message TEXT NOT NULL,
  input TEXT NOT NULL,
  before TEXT NOT NULL,
  after TEXT NOT NULL,
  created_at TEXT NOT NULL,
  undone_at TEXT,
  undone_by TEXT
);
CREATE INDEX data_edits_user ON data_edits(user_id, created_at);
`,
  // 10 (issue 21, import): one row per imported file (a batch of budget.db rows) for `imports list` and undo,
  // and the CSV column mappings users saved by name. `imported_by`/`undone_by` name who (a user's name, or "cli").
  `
CREATE TABLE imports (
  batch TEXT PRIMARY KEY,
  file TEXT NOT NULL,
  format TEXT NOT NULL,
  account TEXT,
  rows INTEGER NOT NULL,
  first_date TEXT,
  last_date TEXT,
  imported_at TEXT NOT NULL,
  imported_by TEXT NOT NULL,
  user_id TEXT,
  undone_at TEXT,
  undone_by TEXT,
  db_path TEXT
);
CREATE INDEX imports_at ON imports(imported_at);

CREATE TABLE csv_mappings (
  name TEXT PRIMARY KEY,
  mapping TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL
);
`,
  // 11 (issue 24, approvals never block): a turn may end 'waiting' for the user's decision on an approval card;
  // a deleted conversation can be restored for a few seconds (conversations.deleted_at).
  // `pending_results`: the tool_result blocks of the other calls of its last step (JSON), given to the model
  // with the approval's outcome in the next request; `continues`: the approval whose outcome a continuation
  // turn reports. SQLite cannot change a CHECK: the table is rebuilt (foreign keys are off while migrating).
  `
CREATE TABLE turns_new (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'done', 'error', 'stopped', 'interrupted', 'waiting')),
  model TEXT NOT NULL,
  question TEXT NOT NULL,
  started_at TEXT NOT NULL,
  ended_at TEXT,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  cache_creation_input_tokens INTEGER NOT NULL DEFAULT 0,
  cache_read_input_tokens INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  incomplete INTEGER NOT NULL DEFAULT 0,
  replaced_by TEXT,
  pending_results TEXT,
  continues TEXT
);
INSERT INTO turns_new (id, conversation_id, user_id, status, model, question, started_at, ended_at, input_tokens, output_tokens,
    cache_creation_input_tokens, cache_read_input_tokens, error, incomplete, replaced_by)
  SELECT id, conversation_id, user_id, status, model, question, started_at, ended_at, input_tokens, output_tokens,
    cache_creation_input_tokens, cache_read_input_tokens, error, incomplete, replaced_by FROM turns ORDER BY rowid;
DROP TABLE turns;
ALTER TABLE turns_new RENAME TO turns;
CREATE INDEX turns_conversation ON turns(conversation_id, started_at);
CREATE INDEX turns_status ON turns(status);
CREATE INDEX turns_started ON turns(started_at);
CREATE UNIQUE INDEX turns_one_running ON turns(conversation_id) WHERE status = 'running';

-- A deleted conversation stays a few seconds (Undo) before it is removed for good.
ALTER TABLE conversations ADD COLUMN deleted_at TEXT;
`,
  // 12 (issue 36, people's words): the names people give their bank accounts (store/account-names.ts), by the
  // account as budget.db records it; pages show the name or the masked number.
  `
CREATE TABLE account_names (
  account TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL
);
`,
  // 13 (issue 31, import): each import keeps what its statement's balances said (opening + entries =
  // closing, per account and currency: SPEC §10.1), as JSON, for `imports list --json` and the page.
  `
ALTER TABLE imports ADD COLUMN reconciliation TEXT;
`,
  // 14 (issue 33, household contributions): counterparties whose money IN the household counts as income
  // (a partner paying into a joint account), for the whole household. `folded` is the name folded like search
  // (one counterparty however it is written); `created_by` names who marked it (a user's name, or "cli").
  `
CREATE TABLE household_contributions (
  counterparty TEXT PRIMARY KEY,
  folded TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL
);
`,
  // 15 (issue 29, reliability round 4): a user's edit is recorded by the budget write that made it, once budget.db
  // holds it (the write path's settlement); the write's intent id finds it (the Undo toast of the route that made it).
  `
ALTER TABLE data_edits ADD COLUMN budget_write_id TEXT;
CREATE UNIQUE INDEX data_edits_budget_write ON data_edits(budget_write_id) WHERE budget_write_id IS NOT NULL;
`,
  // 16 (issue 32, the model at commit): model calls made outside an answer, for the usage report: an import's
  // classification of its new merchants (page and CLI), `budget-chat classify`. One row per import (or classify
  // run): its calls and tokens; `user_id` null for the command line.
  `
CREATE TABLE model_calls (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  user_id TEXT,
  purpose TEXT NOT NULL CHECK (purpose IN ('import classification')),
  model TEXT NOT NULL,
  calls INTEGER NOT NULL,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  cache_creation_input_tokens INTEGER NOT NULL DEFAULT 0,
  cache_read_input_tokens INTEGER NOT NULL DEFAULT 0,
  detail TEXT NOT NULL
);
CREATE INDEX model_calls_at ON model_calls(at);
`,
  // 17 (issue 35, rules): the user's own changes also include their category rules (added, changed, removed,
  // applied: 'rule') and a re-classification of low-confidence rows ('reclassify'), each undoable; model calls are
  // also made by the check of the classification against the hand-set rows and by classifying unsure rows again.
  // SQLite cannot change a CHECK: both tables are rebuilt with their rows and ids.
  `
CREATE TABLE data_edits_new (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('transaction_edit', 'category', 'rule', 'reclassify')),
  user_id TEXT NOT NULL,
  message TEXT NOT NULL,
  input TEXT NOT NULL,
  before TEXT NOT NULL,
  after TEXT NOT NULL,
  created_at TEXT NOT NULL,
  undone_at TEXT,
  undone_by TEXT,
  budget_write_id TEXT
);
INSERT INTO data_edits_new (id, kind, user_id, message, input, before, after, created_at, undone_at, undone_by, budget_write_id)
  SELECT id, kind, user_id, message, input, before, after, created_at, undone_at, undone_by, budget_write_id FROM data_edits ORDER BY id;
DROP TABLE data_edits;
ALTER TABLE data_edits_new RENAME TO data_edits;
CREATE INDEX data_edits_user ON data_edits(user_id, created_at);
CREATE UNIQUE INDEX data_edits_budget_write ON data_edits(budget_write_id) WHERE budget_write_id IS NOT NULL;
CREATE TABLE model_calls_new (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  user_id TEXT,
  purpose TEXT NOT NULL CHECK (purpose IN ('import classification', 'classification check', 'unsure rows again')),
  model TEXT NOT NULL,
  calls INTEGER NOT NULL,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  cache_creation_input_tokens INTEGER NOT NULL DEFAULT 0,
  cache_read_input_tokens INTEGER NOT NULL DEFAULT 0,
  detail TEXT NOT NULL
);
INSERT INTO model_calls_new SELECT id, at, user_id, purpose, model, calls, input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens, detail FROM model_calls ORDER BY id;
DROP TABLE model_calls;
ALTER TABLE model_calls_new RENAME TO model_calls;
CREATE INDEX model_calls_at ON model_calls(at);
`,
  // 18 (import QA): how an import was made and undone ('cli', 'page', 'api'), beside who: the single local user's
  // page and API imports both said "by local". Earlier imports take it from their audit entries (each names its
  // `via`), else the command line's own name.
  `
ALTER TABLE imports ADD COLUMN imported_via TEXT;
ALTER TABLE imports ADD COLUMN undone_via TEXT;
UPDATE imports SET imported_via = w.via
  FROM (SELECT json_extract(detail, '$.import') AS batch, json_extract(detail, '$.via') AS via FROM audit_log
        WHERE kind = 'write' AND json_extract(detail, '$.import') IS NOT NULL) AS w
  WHERE w.batch = imports.batch AND w.via IN ('cli', 'page', 'api');
UPDATE imports SET imported_via = 'cli' WHERE imported_via IS NULL AND imported_by = 'cli';
UPDATE imports SET undone_via = u.via
  FROM (SELECT json_extract(detail, '$.import') AS batch, json_extract(detail, '$.via') AS via FROM audit_log
        WHERE kind = 'undo' AND json_extract(detail, '$.import') IS NOT NULL ORDER BY id) AS u
  WHERE imports.undone_at IS NOT NULL AND u.batch = imports.batch AND u.via IN ('cli', 'page', 'api');
UPDATE imports SET undone_via = 'cli' WHERE undone_at IS NOT NULL AND undone_via IS NULL AND undone_by = 'cli';
`,
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;
