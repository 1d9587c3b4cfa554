/**
 * `budget-chat import FILE...` and `budget-chat imports list|undo BATCH` (SPEC §10): bank
 * statements into budget.db from the terminal (`budget-chat classify`: ./classify.ts).
 * The work is the import domain's (src/import/importer.ts); this file reads the files
 * and flags and prints the outcome. Exit 0 on success (also when every row was a
 * duplicate), 2 for bad input (nothing written), 1 for configuration problems.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { basename, relative } from "node:path";
import { openLocal, type Local } from "../app.ts";
import { budgetDbLocation, flagHelp, flagOptions } from "../config.ts";
import { ImportInputError, UsageError } from "../core/errors.ts";
import { formatCount, formatMoney, plural, rowPlace } from "../core/format.ts";
import type { ClassSource } from "../import/classify.ts";
import type { ColumnPlan } from "../import/formats/csv-layout.ts";
import { csvHead } from "../import/formats/csv.ts";
import { binaryKind, decodeText } from "../import/formats/decode.ts";
import { membersToRead, type NotRead } from "../import/formats/index.ts";
import { isZip, statementFiles, type StatementFile } from "../import/formats/zip.ts";
import { DATE_FORMATS } from "../import/formats/types.ts";
import { IMPORT_FORMATS } from "../import/formats/registry.ts";
import { CSV_FLAGS, csvMapping } from "../import/mapping.ts";
import { emptyBySource } from "../import/batch-write.ts";
import { SeenIds } from "../import/duplicates.ts";
import {
  classificationOf,
  fileTotals,
  importActorText,
  importRecordJson,
  ImportEditedSinceError,
  ImportUndoError,
  planCounts,
  possibleDuplicateRows,
  reconciliationJson,
  reconciliationText,
  rowsToInsert,
  STREAM_FROM_BYTES,
  type CurrencyTotals,
  type ImportActor,
  type ParsedFile,
  type PlannedRow,
} from "../import/importer.ts";
import { checkImportTarget } from "../import/target.ts";
import { terminalText } from "../core/validation.ts";
import { backupDirFor, listSnapshots } from "../ledger/backup.ts";
import { BudgetDb, BudgetDbBusyError, BudgetDbError } from "../ledger/reader.ts";
import { choiceOf, layoutFromChoice, savedLayout, saveLayout } from "../import/user-layouts.ts";
import { parse } from "./args.ts";

const SHARED = ["db", "notSpending", "chatDb", "model", "keepBackups"] as const;

export const IMPORT_HELP = `budget-chat import FILE... [options]

Import bank statements into your budget database: ${IMPORT_FORMATS.join(", ")} (see the README's
format table), or a ZIP of them (each file in it imported as a file of its own; a file in it that is
no statement, such as a PDF, is listed as not read with its reason). The format, and a
CSV's bank layout, are recognised from the content. Every line of a file is accounted
for: new, duplicate, possible duplicate, bad row or skipped (with its reason). Balances the
file states are checked (opening + entries = closing); a statement that does not reconcile
is refused unless you accept it. Rows that may be another source's booking of the same
payment (possible duplicates) are listed and not imported unless you say so. New rows are
classified: merchant cache, card rules, then the model (needs ANTHROPIC_API_KEY). Files of any
size are read; from 8 MB on their rows are written as they are read again (no model: the rows it
would classify wait for budget-chat classify).
  --account NAME               the account these files belong to (default: the IBAN/card the file names;
                               a file of several accounts is refused with it)
  --format F                   ${["auto", ...IMPORT_FORMATS].join("|")} (default auto)
  --dry-run                    show what would be imported; write nothing
  --json                       print the summary as JSON
  --no-classify                do not ask the model (rows wait for budget-chat classify)
  --skip-bad-rows              import the good rows of a file with bad rows, and list the bad ones
  --include-possible-duplicates  import possible duplicates too
  --flip-signs                 every amount the other way round (money out ↔ money in)
  --accept-unreconciled        import a statement whose balances do not add up
CSV columns, when they cannot be recognised from the header (for CSV files only; refused for any other format):
  --date-column H  --amount-column H | --debit-column H --credit-column H  --description-column H
  --currency-column H | --currency CODE  --date-format ${DATE_FORMATS.join("|")}  --decimal .|,
  --mapping NAME               read every CSV with the layout saved as NAME (here, or on the Import page)
  --save-mapping NAME          save the columns the first CSV was read with as the layout NAME; any later
                               CSV with the same header is read with it on its own (also on the page)
${flagHelp(SHARED)}`;

export const IMPORTS_HELP = `budget-chat imports list [--json]
budget-chat imports undo BATCH [--including-edited]

  list         every import: batch, file, format, account, rows, first/last date, when, who
  undo BATCH   delete exactly that import's rows from the budget database (audited); refused, naming
               them, when some of its rows were edited by hand since (their category or merchant)
  --including-edited   undo it all the same: those rows and your edits of them are deleted too
${flagHelp(["db", "chatDb"])}`;

export const CLI_ACTOR: ImportActor = { userId: null, by: "cli", via: "cli" };

/**
 * The importer into the configured budget.db (never the demo one: a ConfigError first), with
 * the model when `model` and a key is set. A command that writes budget.db first settles the
 * write intents a killed writer left (openLocal), so the import list tells the truth.
 */
export function openImporter(values: Record<string, unknown>, opts: { writes: boolean; model: boolean }): Local {
  checkImportTarget(budgetDbLocation(values).path);
  return openLocal(values, opts);
}

/** A progress line on a terminal (stderr), rewritten in place; nothing otherwise. */
export function progress(enabled: boolean) {
  let shown = false;
  return {
    update(label: string, done: number, total: number) {
      if (!enabled || total === 0) return;
      const width = 24;
      const filled = Math.round((done / total) * width);
      process.stderr.write(`\r${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total}`);
      shown = true;
    },
    end() {
      if (shown) process.stderr.write("\r\x1b[K");
      shown = false;
    },
  };
}

/** One file of `import --json`'s `files` (SPEC §10, §10.1). */
export type FileSummary = {
  file: string;
  format: string;
  layout: string | null;
  account: string | null;
  batch: string | null;
  data_lines: number;
  rows: number;
  inserted: number;
  duplicates: number;
  possible_duplicates: number;
  bad_rows: { line: number; reason: string }[];
  skipped: { line: number; reason: string }[];
  totals: { currency: string; out: number; out_rows: number; in: number; in_rows: number }[];
  reconciliation: ReturnType<typeof reconciliationJson>[];
  notes: string[];
};

export async function importCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    ...flagOptions(SHARED),
    account: { type: "string" },
    format: { type: "string" },
    "dry-run": { type: "boolean" },
    json: { type: "boolean" },
    "no-classify": { type: "boolean" },
    "skip-bad-rows": { type: "boolean" },
    "include-possible-duplicates": { type: "boolean" },
    "flip-signs": { type: "boolean" },
    "accept-unreconciled": { type: "boolean" },
    ...Object.fromEntries(Object.keys(CSV_FLAGS).map((f) => [f, { type: "string" as const }])),
    mapping: { type: "string" },
    "save-mapping": { type: "string" },
  });
  if (values.help) {
    console.log(IMPORT_HELP);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError("import: give one or more statement files (see budget-chat import --help)");
  const format = (values.format as string | undefined) ?? "auto";
  if (format !== "auto" && !IMPORT_FORMATS.includes(format)) {
    throw new UsageError(`--format must be one of auto, ${IMPORT_FORMATS.join(", ")}; got "${format}"`);
  }
  const dryRun = values["dry-run"] === true;
  const json = values.json === true;
  const local = openImporter(values, { writes: !dryRun, model: values["no-classify"] !== true });
  const { importer, store } = local;
  const bar = progress(!json && process.stderr.isTTY === true);
  try {
    const mappingName = values.mapping as string | undefined;
    const saved = mappingName ? savedLayout(store, mappingName) : null;
    if (mappingName && !saved) {
      const names = store.csvMappings.names();
      throw new UsageError(`--mapping: no saved layout "${mappingName}"; saved: ${names.length ? names.join(", ") : "none"}`);
    }
    const columnFlags = Object.keys(CSV_FLAGS).filter((f) => (values as Record<string, unknown>)[f] !== undefined);
    if (saved && "layout" in saved && columnFlags.length) {
      throw new UsageError(`--mapping ${mappingName} is a saved layout of every column: give it without --${columnFlags[0]}, or give the column flags without it`);
    }
    const mapping = csvMapping(values, saved && "flags" in saved ? saved.flags : null);
    const acceptUnreconciled = values["accept-unreconciled"] === true;
    const parseOpts = {
      format,
      mapping,
      layout: saved && "layout" in saved ? saved.layout : undefined,
      account: values.account as string | undefined,
      skipBadRows: values["skip-bad-rows"] === true,
      flipSigns: values["flip-signs"] === true,
      acceptUnreconciled,
      // One currency for every file of the call that names none, as the page's drop has (Importer.assumedCurrency).
      fallbackCurrency: importer.assumedCurrency(),
    };
    // Every file is read and checked before anything is written: bad input writes nothing. A large one is read for
    // its facts only here, and read again, chunk by chunk, by its write (memory holds a chunk, not a million rows).
    // A ZIP of statements is its files, each imported as a file of its own ("statements.zip/2025-04.xml").
    // Its members that are no statements (a PDF beside the camt files) are listed as not read, the others imported.
    const { files, notRead } = statementsToRead(positionals, format);
    const prepared = files.map((file) =>
      file.bytes.length >= STREAM_FROM_BYTES ? { kind: "streamed" as const, sf: importer.parseStreamed(file, parseOpts) } : { kind: "parsed" as const, parsed: importer.parse(file, parseOpts) },
    );
    if (values["save-mapping"] && !dryRun) saveFirstLayout(store, values["save-mapping"] as string, prepared, files, parseOpts.flipSigns);

    const include = values["include-possible-duplicates"] === true;
    const summaries: FileSummary[] = [];
    const reports: FileReport[] = [];
    const bySource = emptyBySource();
    const seen = new SeenIds();
    const snapshots = new Set<string>();
    // The day's snapshots there before this command: one of them named after a write is older than this import.
    const earlier = dryRun ? [] : listSnapshots(backupDirFor(importer.target));
    for (const item of prepared) {
      let batch: string | null = null;
      let inserted: number;
      let alreadyThere = 0;
      let counts: { rows: number; new: number; duplicates: number; possibleDuplicates: number };
      let facts: Omit<ParsedFile, "rows" | "ids">;
      let totals: CurrencyTotals[];
      let report: FileReport;
      if (item.kind === "streamed") {
        const sf = item.sf;
        const done = await importer.commitStreamed(sf, { includePossibleDuplicates: include, acceptUnreconciled, dryRun, seen: dryRun ? seen : undefined, actor: CLI_ACTOR });
        ({ batch, inserted, alreadyThere } = done);
        if (done.snapshot) snapshots.add(done.snapshot);
        for (const [k, n] of Object.entries(done.bySource)) bySource[k as ClassSource] += n;
        counts = done.counts;
        facts = { ...sf, notes: [...sf.notes, ...done.notes] };
        totals = sf.totals;
        report = { ...sf, notes: facts.notes, possible: done.possible, possibleCount: done.counts.possibleDuplicates, modelError: null };
      } else {
        const parsed = item.parsed;
        const plan = await importer.plan(parsed, {
          classify: dryRun || !importer.canClassify ? "offline" : "model",
          seen,
          actor: CLI_ACTOR,
          onProgress: (done, total) => bar.update(`${parsed.file}: classifying merchants`, done, total),
        });
        bar.end();
        counts = planCounts(plan);
        if (dryRun) {
          const rows = rowsToInsert(plan, include);
          inserted = rows.length;
          for (const i of rows) bySource[classificationOf(plan, i).source]++;
        } else {
          const done = await importer.commit(plan, { includePossibleDuplicates: include, acceptUnreconciled, actor: CLI_ACTOR });
          ({ batch, inserted, alreadyThere } = done);
          if (done.snapshot) snapshots.add(done.snapshot);
          for (const [k, n] of Object.entries(done.bySource)) bySource[k as ClassSource] += n;
        }
        facts = plan;
        totals = fileTotals(plan.rows);
        const possible = possibleDuplicateRows(plan);
        report = { ...plan, possible, possibleCount: possible.length, modelError: plan.modelError };
      }
      reports.push(report);
      summaries.push({
        file: facts.file,
        format: facts.format,
        layout: facts.layout,
        account: facts.account,
        batch,
        data_lines: facts.dataLines,
        rows: counts.rows,
        inserted,
        duplicates: counts.duplicates + alreadyThere,
        possible_duplicates: counts.possibleDuplicates,
        bad_rows: facts.badRows.map((b) => ({ line: b.line, reason: b.reason })),
        skipped: facts.skipped.map((b) => ({ line: b.line, reason: b.reason })),
        totals: totals.map((t) => ({ currency: t.currency, out: t.out, out_rows: t.outRows, in: t.in, in_rows: t.inRows })),
        reconciliation: facts.reconciliation.map(reconciliationJson),
        notes: facts.notes,
      });
    }
    if (json) {
      // `not_read` only when a ZIP held files that are no statements: the summary keeps SPEC §10's shape otherwise.
      console.log(JSON.stringify({ files: summaries, ...(notRead.length ? { not_read: notRead } : {}), by_source: bySource, dry_run: dryRun }));
      return 0;
    }
    printSummary(summaries, reports, bySource, { dryRun, include, target: importer.target, model: importer.canClassify, noClassify: values["no-classify"] === true, snapshots: snapshotsKept([...snapshots], earlier), notRead });
    return 0;
  } catch (e) {
    bar.end();
    if (e instanceof ImportInputError) {
      console.error(`budget-chat: import: ${e.message}`);
      return 2;
    }
    throw e;
  } finally {
    local.close();
  }
}

/**
 * `--save-mapping NAME`: the columns the first CSV was read with (its bank layout, the header guess with the column
 * flags, a saved layout), saved as a layout by NAME — the Import page and `--mapping NAME` use it, and so does any
 * later CSV with the same header, on its own.
 */
function saveFirstLayout(store: Local["store"], name: string, prepared: { kind: string; sf?: { columns?: ColumnPlan }; parsed?: { columns?: ColumnPlan } }[], files: StatementFile[], flipSigns: boolean): void {
  const k = prepared.findIndex((p) => (p.sf ?? p.parsed)?.columns !== undefined);
  if (k < 0) throw new UsageError("--save-mapping NAME saves the columns of a CSV: none of the files is one");
  const columns = (prepared[k]!.sf ?? prepared[k]!.parsed)!.columns!;
  const { delimiter } = csvHead(decodeText(files[k]!.bytes), files[k]!.name, 0);
  saveLayout(store, name, layoutFromChoice(choiceOf(columns, delimiter, flipSigns), name), "cli");
}

/**
 * The statement files the paths stand for: each file, or a ZIP's members. A member that is no statement (notAStatement:
 * a PDF, an image, a note in no known format) is listed as not read with its reason and the others are imported; when
 * nothing is left to read, that is bad input (exit 2). A file given on its own is read, and refused if it is none.
 */
function statementsToRead(paths: readonly string[], format: string): { files: StatementFile[]; notRead: NotRead[] } {
  const files: StatementFile[] = [];
  const notRead: NotRead[] = [];
  for (const path of paths) {
    const file = { name: basename(path), bytes: readStatement(path) };
    if (!isZip(file.bytes)) {
      files.push(file);
      continue;
    }
    const members = membersToRead(statementFiles(file), (m) => m.bytes, format);
    files.push(...members.read);
    notRead.push(...members.notRead);
  }
  return { files, notRead };
}

/** A statement file's bytes; a file the import could not take is bad input (exit 2). */
function readStatement(path: string): Uint8Array {
  // No size cap here (SPEC §10.1): a statement of any size is read and walked record by record; the web upload keeps its limit.
  // What is plainly no statement (an image, an archive, binary data) is refused from its first bytes, before reading it all.
  try {
    if (statSync(path).isDirectory()) throw new ImportInputError(`${path}: is a directory, not a statement file`);
    const head = new Uint8Array(4096);
    const fd = openSync(path, "r");
    try {
      const first = head.subarray(0, readSync(fd, head, 0, head.length, 0));
      const kind = isZip(first) ? null : binaryKind(first);
      if (kind) throw new ImportInputError(`${basename(path)}: this is ${kind}, not a bank statement`);
    } finally {
      closeSync(fd);
    }
    return readFileSync(path);
  } catch (e) {
    if (e instanceof ImportInputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const words: Record<string, string> = { ENOENT: "no such file", EACCES: "not allowed to read it (permissions)", EPERM: "not allowed to read it (permissions)" };
    throw new ImportInputError(`${path}: ${(code && words[code]) ?? `cannot read the file (${code ?? (e as Error).message})`}`);
  }
}

/** What the table says about one file beyond its counts. */
type FileReport = Pick<ParsedFile, "file" | "format" | "reconciliation" | "notes" | "badRows" | "skipped"> & {
  /** Possible duplicates (a large file's first ones), and how many there are. */
  possible: PlannedRow[];
  possibleCount: number;
  modelError: string | null;
};

function printSummary(
  files: FileSummary[],
  plans: FileReport[],
  bySource: Record<ClassSource, number>,
  o: { dryRun: boolean; include: boolean; target: string; model: boolean; noClassify: boolean; snapshots: SnapshotKept[]; notRead: NotRead[] },
): void {
  const head = ["FILE", "FORMAT", "ACCOUNT", "LINES", o.dryRun ? "WOULD ADD" : "ADDED", "DUPLICATES", "POSSIBLE DUPL.", "BAD ROWS", "SKIPPED"];
  const rows = files.map((f) => [
    f.file,
    f.layout && f.layout !== f.format ? `${f.format} (${f.layout})` : f.format,
    f.account ?? "-",
    formatCount(f.data_lines),
    formatCount(f.inserted),
    formatCount(f.duplicates),
    formatCount(f.possible_duplicates),
    formatCount(f.bad_rows.length),
    formatCount(f.skipped.length),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ").trimEnd();
  console.log(line(head));
  for (const r of rows) console.log(line(r));
  const total = files.reduce((n, f) => n + f.inserted, 0);
  const where = shortPath(o.target);
  console.log(
    o.dryRun
      ? `Dry run: ${formatCount(total)} transaction${total === 1 ? "" : "s"} would be added to ${where}; nothing was written.`
      : `Added ${formatCount(total)} transaction${total === 1 ? "" : "s"} to ${where}.`,
  );
  if (total > 0) {
    console.log(`Classified: ${bySource.user_rule ? `${formatCount(bySource.user_rule)} by your rules, ` : ""}${formatCount(bySource.cache)} from the merchant cache, ${formatCount(bySource.rules)} by card rules, ${formatCount(bySource.llm)} by the model.`);
    if (bySource.unclassified > 0) {
      const why = o.dryRun ? "a dry run does not ask the model" : o.noClassify ? "--no-classify" : o.model ? "the model could not classify them" : "no ANTHROPIC_API_KEY";
      console.log(`${formatCount(bySource.unclassified)} wait for classification (${why}): run budget-chat classify${o.model ? "" : " with ANTHROPIC_API_KEY set"}.`);
    }
  }
  files.forEach((f, k) => {
    const p = plans[k]!;
    // Money out and in per currency, with their rows: a file read with the wrong signs shows at once.
    for (const t of f.totals) {
      console.log(`${f.file}: ${t.currency} money out ${formatMoney(t.out, t.currency)} (${plural(t.out_rows, "row")}), money in ${formatMoney(t.in, t.currency)} (${plural(t.in_rows, "row")})`);
    }
    for (const r of p.reconciliation) console.log(`${f.file}: ${reconciliationText(r, { included: o.include })}`);
    for (const n of p.notes) console.log(`${f.file}: note: ${n}`);
    if (p.modelError) console.log(`${p.file}: the model failed (${p.modelError}); those rows are stored unclassified.`);
    const possible = p.possible;
    if (possible.length && !o.include) console.log(`${p.file}: possible duplicates, not imported (--include-possible-duplicates imports them):`);
    else if (possible.length) console.log(`${p.file}: possible duplicates, imported as asked:`);
    for (const r of possible) {
      const m = r.match!;
      // A row of this same file its reader could not tell from a repeat: which one, and why.
      const where = m.inFile ? `${rowPlace(p.format, m.inFile.line)} of this file: ` : "";
      const why = m.inFile ? ` (${m.inFile.reason})` : "";
      console.log(`  ${rowPlace(p.format, r.line)}: ${r.date} ${formatMoney(r.amount, r.currency)} ${JSON.stringify(r.description)} ~ ${where}${m.date}${m.currency ? ` ${m.currency}` : ""} ${JSON.stringify(m.description)}${why}`);
    }
    if (p.possibleCount > possible.length) console.log(`  … and ${formatCount(p.possibleCount - possible.length)} more`);
    if (p.badRows.length) console.log(`${p.file}: skipped bad rows:`);
    for (const b of p.badRows) console.log(`  ${rowPlace(p.format, b.line)}: ${b.reason}`);
    if (p.skipped.length) console.log(`${p.file}: skipped lines (no transaction of their own):`);
    for (const b of p.skipped) console.log(`  ${rowPlace(p.format, b.line)}: ${b.reason}`);
  });
  if (o.notRead.length) console.log(`Not read (no statement${o.notRead.length === 1 ? "" : "s"}; the other files were ${o.dryRun ? "read" : "imported"}):`);
  for (const n of o.notRead) console.log(`  ${n.file}: ${n.reason}`);
  for (const f of files) if (f.batch) console.log(`Undo ${f.file} with: budget-chat imports undo ${JSON.stringify(f.batch)}`);
  // The write path's daily snapshot: the whole database as it was before today's first write (one file, unless the day turned).
  // Taken by this import, it is the database as it was before it; taken earlier, it lacks what changed since.
  const now = o.snapshots.filter((s) => !s.earlier);
  if (now.length) console.log(`Before this import a snapshot of the budget database was kept: ${now.map((s) => shortPath(s.path)).join(", ")}`);
  for (const s of o.snapshots.filter((s) => s.earlier))
    console.log(
      `Today's snapshot of the budget database, taken at ${s.earlier!.toISOString().slice(11, 19)} UTC before the day's first change, is kept: ${shortPath(s.path)} (it does not hold the changes made since)`,
    );
}

type SnapshotKept = { path: string; earlier: Date | null };

/** Each snapshot the writes named, with its time when it was there before this command. */
function snapshotsKept(paths: string[], earlier: { path: string; at: Date }[]): SnapshotKept[] {
  return paths.map((path) => ({ path, earlier: earlier.find((e) => e.path === path)?.at ?? null }));
}

/** A path relative to the current folder when it lies inside it, else as it is. */
function shortPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") ? rel : path;
}

export async function importsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { ...flagOptions(["db", "chatDb", "keepBackups"]), json: { type: "boolean" }, "including-edited": { type: "boolean" } });
  if (values.help) {
    console.log(IMPORTS_HELP);
    return 0;
  }
  const [action, ...rest] = positionals;
  if (action !== "list" && action !== "undo") throw new UsageError(`imports: ${action ? `unknown action "${action}"` : "missing action"}: list or undo BATCH`);
  if (action === "list" && rest.length) throw new UsageError("imports list takes no arguments");
  if (action === "undo" && rest.length !== 1) throw new UsageError("imports undo: give exactly one BATCH (see budget-chat imports list)");
  if (action !== "undo" && values["including-edited"]) throw new UsageError("--including-edited goes with imports undo BATCH only");
  // The imports are listed from the app database: a budget database given that is not there, or is no budget
  // database, would otherwise list as "No imports yet".
  // (A path from DATABASE_URL that no import has created yet is a fresh setup, and a database another program is
  // writing is a database: both list what the app database holds.)
  const loc = budgetDbLocation(values);
  if (existsSync(loc.path)) {
    try {
      BudgetDb.open(loc.path).close();
    } catch (e) {
      if (!(e instanceof BudgetDbBusyError)) throw e;
    }
  } else if ((values as { db?: string }).db !== undefined) throw new BudgetDbError(`budget database not found: ${loc.path}`);
  const local = openImporter(values, { writes: action === "undo", model: false });
  const { importer } = local;
  try {
    if (action === "undo") {
      try {
        const done = await importer.undo(rest[0]!, CLI_ACTOR, { includingEdited: values["including-edited"] === true });
        console.log(`Undone: removed ${formatCount(done.deleted)} transaction${done.deleted === 1 ? "" : "s"} of ${done.batch}.`);
        return 0;
      } catch (e) {
        if (e instanceof ImportEditedSinceError) throw new UsageError(`imports undo: ${e.message} To undo it all the same: budget-chat imports undo ${JSON.stringify(e.batch)} --including-edited`);
        if (e instanceof ImportUndoError) throw new UsageError(`imports undo: ${e.message}`);
        throw e;
      }
    }
    const list = importer.list();
    if (values.json) {
      console.log(
        JSON.stringify(
          list.map(importRecordJson),
        ),
      );
      return 0;
    }
    if (!list.length) {
      console.log("No imports yet. Import a statement with: budget-chat import FILE");
      return 0;
    }
    for (const r of list) {
      const dates = r.firstDate ? `${r.firstDate} to ${r.lastDate}` : "no rows";
      const state = r.undoneAt ? `, undone ${r.undoneAt.slice(0, 16).replace("T", " ")} by ${importActorText(r.undoneBy ?? "", r.undoneVia)}` : "";
      console.log(terminalText(`${r.batch}  ${r.format}  ${r.account ?? "-"}  ${plural(r.rows, "row")} (${dates})  by ${importActorText(r.importedBy, r.importedVia)}${state}`));
    }
    return 0;
  } finally {
    local.close();
  }
}
