/**
 * Errors that cross layers. Each says what went wrong in words a user can act on; the
 * CLI maps them to exit codes (UsageError 2, the others 1) and the loop hands a
 * ToolInputError to the model as an instructive tool error.
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

/**
 * SQLite's "database is locked" (SQLITE_BUSY…): another connection held the lock longer
 * than we waited. Both databases meet it: budget.db during an import, chat.db when another
 * program holds it.
 */
export function isBusyError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return (typeof code === "string" && code.startsWith("SQLITE_BUSY")) || /database is locked/i.test((err as Error)?.message ?? "");
}

/**
 * A statement file that cannot be imported as a whole (not a statement, unknown format,
 * truncated XML, a DOCTYPE, CSV columns that cannot be guessed): the message names the
 * file and the line or element and says what was expected; the CLI exits 2, nothing is written.
 */
export class ImportInputError extends Error {
  override name = "ImportInputError";
}
