/**
 * Errors that cross layers. Each says what went wrong in words a user can act on, and its
 * class (and kind) says what sort of refusal it is: the CLI maps them to exit codes
 * (UsageError 2, the others 1), the web's one error handler to HTTP statuses
 * (src/web/middleware/respond.ts), and the loop hands a ToolInputError to the model as an
 * instructive tool error. No domain speaks HTTP.
 */

/** A bad command line: printed as one line on stderr, exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** A configuration problem (missing key, foreign database, refused bind): exit code 1. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** An error in a tool's input (from the model or the CLI), explained so it can be corrected. */
export class ToolInputError extends Error {
  override name = "ToolInputError";
}

/** A category name that names no category of the data (the message lists the valid ones). */
export class UnknownCategory extends ToolInputError {
  override name = "UnknownCategory";
}

/**
 * SQLite's "database is locked" (SQLITE_BUSY…): another connection held the lock longer
 * than we waited. Both databases meet it: budget.db during an import, chat.db when another
 * program holds it.
 */
export function isBusyError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return (typeof code === "string" && code.startsWith("SQLITE_BUSY")) || /database is locked/i.test((err as Error)?.message ?? "");
}

/** Why a question was not taken (nothing reached the model). */
export const REFUSAL_REASONS = ["too_large", "empty", "too_many_running", "unknown_conversation", "busy", "no_model"] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/**
 * A question the chat service will not take: too long, empty, too many answers running,
 * an unknown conversation, or one still answering. The chat service decides; the web's
 * one error handler maps the reason to an HTTP status, the CLI to a usage error.
 */
export class QuestionRefused extends Error {
  override name = "QuestionRefused";
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Why a database write could not be stored, when the cause is the storage, not the data: a
 * full disk (or size limit), a read-only file, a disk error. Null for anything else.
 * These pass when space or rights return, so writes that can wait are retried.
 */
export function storageProblem(err: unknown): string | null {
  const code = String((err as { code?: unknown })?.code ?? "");
  const message = (err as Error)?.message ?? String(err);
  if (code.startsWith("SQLITE_FULL") || /database or disk is full/i.test(message)) return "the disk is full (database or disk is full)";
  if (code.startsWith("SQLITE_READONLY") || /readonly database/i.test(message)) return `the database file cannot be written (${message})`;
  if (code.startsWith("SQLITE_IOERR") || /disk I\/O error/i.test(message)) return `a disk error (${message})`;
  return null;
}

/** What the user sees when budget-chat cannot store what it must (SPEC §13). */
export function cannotSaveMessage(reason: string): string {
  return `budget-chat cannot save: ${reason}`;
}

/**
 * A statement file that cannot be imported as a whole (not a statement, unknown format,
 * truncated XML, a DOCTYPE, CSV columns that cannot be guessed): the message names the
 * file and the line or element and says what was expected; the CLI exits 2, nothing is written.
 */
export class ImportInputError extends Error {
  override name = "ImportInputError";
}

/**
 * A CSV whose columns must be named before it can be read: no known layout, a date format
 * or decimal mark that cannot be told. The Import page opens its column mapping for it.
 */
export class NeedsColumnMapping extends ImportInputError {
  override name = "NeedsColumnMapping";
}

/**
 * Amounts nearly all positive with nothing in the file to tell a card's purchases from an account's money coming in
 * (csv-signs.ts writesPurchasesPositive): the user says which — flips the signs, or names the amount column (the signs
 * as written). The Import page says it beside "Flip signs" while its proposal of the columns is unconfirmed.
 */
export class SignsInDoubt extends NeedsColumnMapping {
  override name = "SignsInDoubt";
}

/** The data is not what a change (or its undo) was computed from: nothing was written. */
export class WriteConflictError extends Error {
  override name = "WriteConflictError";
}

/**
 * Why a change was refused: its input (`invalid`), nothing of that name or id (`not_found`), what is
 * there now (`conflict`), something held for it that was let go (`expired`: an import preview), or
 * a check the user must consent to override (`needs_consent`: a statement whose balances do not add up).
 */
export const REFUSED_KINDS = ["invalid", "not_found", "conflict", "expired", "needs_consent"] as const;
export type RefusedKind = (typeof REFUSED_KINDS)[number];

/**
 * A change to the user's data that was refused, nothing written. The domains (categories,
 * edits, imports, approvals) throw it, or a subclass of their own, with its kind; the web
 * answers by the kind (respond.ts), the CLI exits 2 for `invalid` and `not_found`, 1 for a `conflict`.
 */
export class ChangeRefused extends Error {
  override name = "ChangeRefused";
  constructor(
    readonly kind: RefusedKind,
    message: string,
  ) {
    super(message);
  }
}
