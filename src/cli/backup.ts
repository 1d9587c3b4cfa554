/**
 * `budget-chat backup [--db PATH] [--out PATH]` and `budget-chat restore SNAPSHOT [--db PATH]`
 * (SPEC §13): a consistent snapshot of the budget database on demand, and putting one back
 * while no server uses the database. Both are in the audit log (as "cli").
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { backupDirFor, checkSnapshot, freshSnapshotPath, restoreSnapshot, takeSnapshot } from "../ledger/backup.ts";
import { budgetDbLocation, flagHelp, flagOptions } from "../config.ts";
import { ConfigError, UsageError } from "../core/errors.ts";
import { withLocal } from "../app.ts";
import { parse } from "./args.ts";

export const BACKUP_HELP = `budget-chat backup [--db PATH] [--out PATH]

Write a consistent snapshot of the budget database (safe while the import pipeline or a
server is using it). Default: backups/budget-<time>.db beside the database. budget-chat
also keeps one itself before the first change of each day (--keep-backups on serve).
  --out PATH     where to write the snapshot (must not exist)
${flagHelp(["db", "chatDb"])}`;

export const RESTORE_HELP = `budget-chat restore SNAPSHOT [--db PATH]

Put a snapshot in place of the budget database. Refused while a budget-chat server uses the
database (stop it first) or another program is writing it. The database as it was is kept
as a snapshot in backups/ first, so a restore can itself be undone.
${flagHelp(["db", "chatDb"])}`;

/** The budget database these commands act on: the one named, else data/budget.db (or the demo database when only that exists). */
function budgetPath(values: Record<string, unknown>): string {
  const loc = budgetDbLocation(values);
  if (!loc.explicit && !existsSync(loc.path) && existsSync(resolve(process.cwd(), "data/demo-budget.db"))) return resolve(process.cwd(), "data/demo-budget.db");
  return loc.path;
}

function audit(values: Record<string, unknown>, detail: Record<string, unknown>): Promise<void> {
  return withLocal(values, ({ store }) => void store.audit.add({ kind: "write", userId: null, detail: { via: "cli", by: "cli", ...detail } }));
}

export async function backupCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { ...flagOptions(["db", "chatDb"]), out: { type: "string" } });
  if (values.help) {
    console.log(BACKUP_HELP);
    return 0;
  }
  if (positionals.length) throw new UsageError(`backup: unexpected argument "${positionals[0]}" (use --out PATH)`);
  const db = budgetPath(values);
  if (!existsSync(db)) throw new UsageError(`backup: budget database not found: ${db}`);
  const out = values.out !== undefined ? resolve(process.cwd(), values.out) : freshSnapshotPath(backupDirFor(db), new Date());
  if (existsSync(out)) throw new UsageError(`backup: ${out} exists already; choose another --out`);
  try {
    takeSnapshot(db, out);
  } catch (err) {
    throw new ConfigError(`backup: could not write ${out}: ${(err as Error).message}`);
  }
  await audit(values, { operation: "backup", ok: true, db, snapshot: out });
  console.log(out);
  return 0;
}

export async function restoreCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, flagOptions(["db", "chatDb"]));
  if (values.help) {
    console.log(RESTORE_HELP);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError("restore: give exactly one SNAPSHOT file (see budget-chat restore --help)");
  const snapshot = resolve(process.cwd(), positionals[0]!);
  try {
    checkSnapshot(snapshot);
  } catch (err) {
    throw new UsageError(`restore: ${(err as Error).message}; nothing was changed`);
  }
  const db = budgetPath(values);
  let safety: string | null;
  try {
    safety = restoreSnapshot(snapshot, db, backupDirFor(db), new Date()).safety;
  } catch (err) {
    const why = (err as Error).message;
    await audit(values, { operation: "restore", ok: false, db, snapshot, error: why });
    throw new ConfigError(`restore: ${why}; nothing was changed`);
  }
  await audit(values, { operation: "restore", ok: true, db, snapshot, previous: safety });
  console.log(`Restored ${db} from ${snapshot}.${safety ? ` The database as it was is kept in ${safety}.` : ""}`);
  return 0;
}
