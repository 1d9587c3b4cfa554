/**
 * A statement's preview, made in the parse worker (SPEC §13.1: parsers off the event loop, memory per
 * preview ≤ 3× the file + 100 MB). Everything the preview says is worked out here, against budget.db
 * opened read-only, while the server's thread holds only the file's bytes: the facts (walk.ts's first
 * reading), then the rows again chunk by chunk (ids, duplicates, possible duplicates, classes the
 * merchant cache and card rules give), kept as one status byte per row, the first rows to show, and how
 * many merchants are new (the model classifies them at import, not now: SPEC §10.1). The commit reads
 * the rows to insert once more, with the same options (`readOptions`), so it imports exactly what the
 * preview showed.
 */
import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { pipelineMerchantKey } from "../ledger/pipeline.ts";
import { BudgetDb } from "../ledger/reader.ts";
import { classifierCategories, estimateClassification, fewShotExamples, plainMerchant, unclassified, type ClassificationEstimate, type Classified } from "./classify.ts";
import { SignTurns, storedClasses, type ExistingMatch, type StoredClass } from "./duplicates.ts";
import { rowPlace } from "../core/format.ts";
import { parseText, type FallbackCurrency, type ParseOptions, type ParsedRow } from "./formats/index.ts";
import { accountCurrencies, mainCurrency } from "./target.ts";
import { flipForWalk, heldRow, readAndWalk, walkRows, withHeld, withStoredOpenings, type CurrencyTotals, type HeldRow, type StatementFacts, type WalkedChunk } from "./walk.ts";

/** What a preview is asked with. `options` are the reader's, without the currencies the data defaults to (found here). */
export type PreviewRequest = {
  fileName: string;
  options: Omit<ParseOptions, "fileName" | "fallbackCurrency" | "accountCurrencies" | "sink">;
  /**
   * The currency a file that names none takes, decided once for the files previewed together (a drop on the page): else
   * budget.db's main currency at this preview, which a file of the same drop imported meanwhile would have set.
   */
  fallbackCurrency?: FallbackCurrency;
  /** budget.db (it may not exist yet: then every row is new). */
  target: string;
  /** The model that will classify the new merchants at import (its price makes the estimate); null: none. */
  model: string | null;
  /** Rows of the file shown from its start; possible duplicates after them are listed too, up to `listPossible`. */
  listRows: number;
  listPossible: number;
  /** The not-spending categories as configured (SPEC §1): a card's payments go to their transfer category. */
  notSpending: readonly string[];
};

export type PreviewStatus = "new" | "duplicate" | "possible_duplicate";
const STATUS: readonly PreviewStatus[] = ["new", "duplicate", "possible_duplicate"];

/** A row as the preview shows it. `classified` null: a new merchant, classified by the model at import. */
/** `stored`: how an already imported row (a duplicate) is stored now, its merchant and category (uqa7 #10: the preview showed empty cells). */
export type PreviewRow = ParsedRow & { index: number; transactionId: string; status: PreviewStatus; match: ExistingMatch | null; classified: Classified | null; stored?: StoredClass | null };

export type StatementPreview = Omit<StatementFacts, "rowCount"> & {
  file: string;
  sha256: string;
  bytes: number;
  totals: CurrencyTotals[];
  counts: { rows: number; new: number; duplicates: number; possibleDuplicates: number };
  /** Per row of the file: 0 new, 1 duplicate, 2 possible duplicate (what an import of this preview inserts). */
  status: Uint8Array;
  rows: PreviewRow[];
  /** Distinct merchants among the new rows that nothing but the model can classify, and what asking it will take. */
  newMerchants: number;
  estimate: ClassificationEstimate | null;
  /** The options the file was read with (the data's default currency included): the commit reads it with the same. */
  readOptions: ParseOptions;
};

/** budget.db read-only, or null when there is none yet. */
export function openTarget(target: string): Database | null {
  if (!existsSync(target)) return null;
  BudgetDb.open(target).close(); // refuses a file that is no budget database, naming what is missing
  const db = new Database(target, { readonly: true });
  db.run("PRAGMA busy_timeout = 5000");
  return db;
}

/**
 * The currency of a CSV that names none (SPEC §10.1): its account's, from that account's earlier rows; else the
 * data's main currency, else CHF, budget-chat's home.
 */
export function currencyDefaults(db: Database | null): { fallbackCurrency: FallbackCurrency; accountCurrencies: Record<string, string> } {
  const main = db ? mainCurrency(db) : null;
  return {
    fallbackCurrency: main ? { code: main, from: "the main currency of your data" } : { code: "CHF", from: "budget-chat's default: your data has no currency yet", noData: true },
    accountCurrencies: db ? accountCurrencies(db) : {},
  };
}

/**
 * The currency the file's drop decided (`drop`), said as it was when the files were dropped once the data says otherwise
 * (another file of the drop imported meanwhile: review of impl6, "your data has no currency yet" beside its EUR rows);
 * without a drop's, the data's (`now`).
 */
function dropCurrency(drop: FallbackCurrency | undefined, now: FallbackCurrency): FallbackCurrency {
  if (!drop || (drop.code === now.code && drop.from === now.from)) return drop ?? now;
  return { ...drop, from: drop.noData ? "budget-chat's default, as for the other files of this drop: your data had no currency when they were dropped" : `${drop.from} when this drop was made, as for its other files` };
}

/** The preview of a statement's text (decoded already; `sha256` and `bytes` of its file). Throws what the reader throws. */
export function previewText(text: string, file: { sha256: string; bytes: number }, req: PreviewRequest): StatementPreview {
  const db = openTarget(req.target);
  try {
    const defaults = currencyDefaults(db);
    const readOptions: ParseOptions = { ...req.options, fileName: req.fileName, ...defaults, fallbackCurrency: dropCurrency(req.fallbackCurrency, defaults.fallbackCurrency) };
    let status = new Uint8Array(1024);
    let counts = { rows: 0, new: 0, duplicates: 0, possibleDuplicates: 0 };
    let rows: PreviewRow[] = [];
    let merchants = new Set<string>();
    let descriptionChars = 0;
    // The possible duplicates, as the balance checks that counted them say (withHeld).
    let held: HeldRow[] = [];
    const onChunk = (c: WalkedChunk) => {
      for (let i = 0; i < c.rows.length; i++) {
        const s = c.status[i]!;
        const index = c.offset + i;
        if (index >= status.length) {
          const grown = new Uint8Array(status.length * 2);
          grown.set(status);
          status = grown;
        }
        status[index] = s;
        if (s === 0) counts.new++;
        else if (s === 1) counts.duplicates++;
        else {
          counts.possibleDuplicates++;
          held.push(heldRow(c.rows, i));
        }
        const known = s === 1 ? null : c.classes[i];
        if (s !== 1 && !known) {
          const description = c.rows.descriptionOf(i);
          const key = pipelineMerchantKey(description);
          if (!merchants.has(key)) {
            merchants.add(key);
            descriptionChars += description.length;
          }
        }
        const listed = index < req.listRows || (s === 2 && rows.length < req.listRows + req.listPossible);
        if (!listed) continue;
        rows.push({
          ...c.rows.row(i),
          index,
          transactionId: c.ids[i]!,
          status: STATUS[s]!,
          match: c.matches[i] ?? null,
          classified: s === 1 ? null : (known ?? (req.model ? null : unclassified(plainMerchant(c.rows, i)))),
        });
      }
      counts.rows += c.rows.length;
    };
    // One reading, unless the balance column turned the signs round or the rows' accounts are not the statement's.
    let turns = new SignTurns();
    const { facts, walked } = readAndWalk(text, readOptions, db, { sha256: file.sha256, turns, notSpending: req.notSpending }, onChunk);
    if (!walked) {
      status.fill(0);
      counts = { rows: 0, new: 0, duplicates: 0, possibleDuplicates: 0 };
      rows = [];
      merchants = new Set();
      descriptionChars = 0;
      held = [];
      turns = new SignTurns();
      walkRows(text, readOptions, facts, db, { sha256: file.sha256, turns, notSpending: req.notSpending }, onChunk);
    }
    // The listed already imported rows as budget.db stores them (a database that has one has its transactions table).
    const duplicates = rows.filter((r) => r.status === "duplicate");
    if (db && duplicates.length) {
      const stored = storedClasses(db, duplicates.map((r) => r.transactionId));
      for (const r of duplicates) r.stored = stored.get(r.transactionId) ?? null;
    }
    const categories = classifierCategories(db);
    const estimate = req.model && merchants.size > 0 ? estimateClassification(merchants.size, descriptionChars, categories, fewShotExamples(db), req.model) : null;
    // A statement with a closing balance and no opening one is checked against the balance budget.db stored before it.
    const again = { ...readOptions, flipSigns: flipForWalk(readOptions, facts) };
    const reconciliation = withHeld(
      withStoredOpenings(db, facts.reconciliation, (visit) => {
        parseText(text, { ...again, sink: { add: (r) => visit(r.account, r.currency, r.date, r.amount) } });
      }),
      held,
    );
    const { rowCount: _rowCount, ...rest } = facts;
    const turned = turns.note((line) => rowPlace(facts.format, line));
    return { ...rest, ...(turned ? { notes: [...rest.notes, turned] } : {}), reconciliation, file: req.fileName, sha256: file.sha256, bytes: file.bytes, counts, status: status.slice(0, counts.rows), rows, newMerchants: merchants.size, estimate, readOptions };
  } finally {
    db?.close();
  }
}
