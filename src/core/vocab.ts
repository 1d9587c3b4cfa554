/**
 * The closed vocabularies of the product, each declared once as an `as const` tuple.
 * Types, zod enums and SQL CHECK lists are derived from these; nothing else spells
 * the values out. (Migrations that shipped keep their literal text; a test holds the
 * live schema's CHECK lists against these tuples.)
 */

/**
 * The one user of single-user mode (no allowlist): the local person at this machine, in
 * the app database's user columns, the audit log and the CLI's `--user local`.
 */
export const LOCAL_USER_ID = "local";

/**
 * How a turn (one question and its answer) stands. `waiting`: it ended asking for the
 * user's decision on an approval card; it is not running (no spinner, no Stop, not
 * counted against any limit) and becomes `done` once its approvals are decided or expire.
 */
export const TURN_STATUSES = ["running", "done", "error", "stopped", "interrupted", "waiting"] as const;
export type TurnStatus = (typeof TURN_STATUSES)[number];

/**
 * Where an approval stands; `pending` is the only state a decision can leave. `approved`
 * lasts only while the change is being made: it ends `executed`, or `failed` when nothing
 * could be written.
 */
export const APPROVAL_STATUSES = ["pending", "approved", "rejected", "expired", "executed", "undone", "failed"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** How an approval ended for the model (the continuation turn tells it). */
export const APPROVAL_DECISIONS = ["approved", "rejected", "expired"] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** Entries of the audit log. */
export const AUDIT_KINDS = [
  "turn",
  "tool_call",
  "approval_requested",
  "approval_decided",
  "approval_expired",
  "write",
  "undo",
  "login",
  "security",
  "memory_summary",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/**
 * How an answer ended other than plainly (shown as a notice under it). `unsaved`: the app
 * database could not be written while the answer streamed (full disk, read-only file).
 */
export const NOTICE_KINDS = ["incomplete", "max_tokens", "refusal", "stopped", "unsaved"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Chart types a tool may ask the browser to draw. */
export const CHART_TYPES = ["bar", "bar_h", "pie", "grouped_bar", "line"] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/**
 * What a table column holds, so views format and align it without guessing from header
 * words: money is formatted in the row's currency (a `currency` column says which, else
 * the table's), counts and numbers are right-aligned, percents get a % sign.
 */
export const COLUMN_KINDS = ["text", "money", "count", "number", "percent", "date", "currency"] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];
