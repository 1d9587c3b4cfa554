/**
 * What each row of a statement is against budget.db as it is now (`db`; null: none yet) and the files planned before it
 * in the same run (`seen`): already there (1), possibly there (2, with the row it may repeat), or new (0). Reads only;
 * long steps give the event loop room.
 */
import type { Database } from "bun:sqlite";
import { rowPlace } from "../core/format.ts";
import { existingIds, fileMatch, possibleDuplicates, reidentifyOtherAccounts, reidentifyReusedIds, SignTurns, type ExistingMatch, type SeenIds } from "./duplicates.ts";
import type { ParsedFile } from "./plan-rows.ts";
import { hasAccountColumn } from "./target.ts";

/** Lets the event loop breathe between chunks of a long computation (a server keeps answering). */
const breathe = () => new Promise<void>((r) => setImmediate(r));
/** Rows per step of a long loop: a few tens of milliseconds of work. */
const STEP_ROWS = 10_000;

/**
 * The rows' statuses and matches; `fresh`: the rows budget.db and the earlier files do not hold (new or possible
 * duplicates, the ones to classify); `turned`: the note on rows of this file stored before with the other sign.
 */
export async function markDuplicates(
  db: Database | null,
  parsed: ParsedFile,
  seen: SeenIds | undefined,
): Promise<{ status: Uint8Array; matches: Map<number, ExistingMatch>; fresh: number[]; turned: string | null }> {
  const { rows, ids } = parsed;
  const there = db ? await existingIdsBreathing(db, ids) : new Set<string>();
  const reused = db ? reidentifyReusedIds(db, rows, ids, there, parsed.sha256) : new Map<number, ExistingMatch>();
  const movedFrom = db ? reidentifyOtherAccounts(db, rows, ids, there) : undefined;
  const otherAccountIds = new Set(movedFrom?.values());
  if (seen) for (let i = 0; i < ids.length; i++) if (seen.has(ids[i]!, rows.accountOf(i))) there.add(ids[i]!);
  const status = new Uint8Array(rows.length);
  const fresh: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (there.has(ids[i]!)) status[i] = 1;
    else fresh.push(i);
    if (i % STEP_ROWS === STEP_ROWS - 1) await breathe();
  }
  const matches = new Map<number, ExistingMatch>();
  if (db && fresh.length) {
    const hasAccount = hasAccountColumn(db);
    // In slices: the server answers between them.
    for (let from = 0; from < fresh.length; from += STEP_ROWS) {
      const slice = fresh.slice(from, from + STEP_ROWS);
      possibleDuplicates(db, { rows, indexes: slice, ids, sha256: parsed.sha256, otherAccountIds }, hasAccount, there).forEach((m, k) => {
        if (m) {
          status[slice[k]!] = 2;
          matches.set(slice[k]!, m);
        }
      });
      await breathe();
    }
  }
  // A bank id given again with a similar text: that booking corrected, or another (the user says).
  for (const [i, m] of reused) {
    if (status[i] !== 0) continue;
    status[i] = 2;
    matches.set(i, m);
  }
  // A row its reader marks as possibly repeating another of the file: the user says, as for one budget.db holds.
  for (const i of fresh) {
    const m = status[i] === 0 ? fileMatch(rows, i) : null;
    if (!m) continue;
    status[i] = 2;
    matches.set(i, m);
  }
  // Rows of this same file stored before with the other sign (a reading that changed since): held, and said.
  const turns = new SignTurns();
  if (db) turns.hold(db, rows, status, ids, parsed.sha256, null, (i, m) => matches.set(i, m));
  const turned = turns.note((line) => rowPlace(parsed.format, line));
  await breathe();
  return { status, matches, fresh, turned };
}

/** The ids among `ids` budget.db holds, in chunks with the event loop free between them. */
async function existingIdsBreathing(db: Database, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const CHUNK = 20_000;
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const id of existingIds(db, ids.slice(i, i + CHUNK))) found.add(id);
    if (i + CHUNK < ids.length) await breathe();
  }
  return found;
}
