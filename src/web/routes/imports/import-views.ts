/**
 * What the Import page shows of a held file, built from the preview (views/Import*.tsx render it): what the file is,
 * its preview, its row in a drop's combined preview, its balances in a cell, an import's result and the model's
 * share in it. No HTTP here, and nothing read from the databases.
 */
import { formatCount, formatMoney, plural, rowPlace } from "../../../core/format.ts";
import type { ModelUsageOfCalls } from "../../../import/classify.ts";
import { LAYOUTS } from "../../../import/formats/layouts/index.ts";
import { readerFor } from "../../../import/formats/registry.ts";
import type { CommitResult } from "../../../import/importer.ts";
import type { HeldImport } from "../../../import/pending.ts";
import type { PreviewRow, StatementPreview } from "../../../import/preview.ts";
import { ignoredAmountColumns, savedNameOf } from "../../../import/user-layouts.ts";
import { estimateCost, formatCost } from "../../../pricing.ts";
import type { ImportFileView } from "../../../../views/ImportFile.tsx";
import type { ImportPreviewView } from "../../../../views/ImportPreview.tsx";
import type { ImportResultProps } from "../../../../views/ImportResult.tsx";
import type { ImportSummaryRow } from "../../../../views/ImportSummary.tsx";
import { previewRowJson } from "./import-json.ts";
import { inPageWords } from "./page-words.ts";

/** What a file's view takes besides the file: whether the model classifies, the account saved with a user's layout. */
export type FileViewContext = { model: boolean; layoutAccountOf: (p: StatementPreview) => string | null };

/**
 * The combined preview's balance cell: checked ✓, off by …, a closing (an OFX LEDGERBAL) or an opening balance stated with
 * nothing to check it against, or none stated (uqa4 F4). A file whose statements fare differently says so per currency
 * ("CHF checked ✓; EUR none stated"), and within a currency per kind ("checked ✓ (1 statement), none stated (4
 * statements)"): a whole-file "checked ✓" hid the EUR rows nothing checked (review of uqa4 F4-b). It is "ok" only when
 * every statement was checked.
 */
export const balancesOf = (p: Pick<StatementPreview, "reconciliation">): ImportSummaryRow["balances"] => {
  const recs = p.reconciliation;
  const status = recs.some((x) => x.status === "off") ? "off" : recs.length && recs.every((x) => x.status === "ok") ? "ok" : "none";
  const words = (x: (typeof recs)[number]) =>
    x.status === "off"
      ? `off by ${formatMoney(Math.abs(x.difference ?? 0), x.currency)}`
      : x.status === "ok"
        ? "checked ✓"
        : x.closing !== null
          ? "closing only, not checked"
          : x.opening !== null
            ? "opening only, not checked"
            : "none stated";
  const byCurrency = new Map<string, string[]>();
  for (const x of recs) byCurrency.set(x.currency, [...(byCurrency.get(x.currency) ?? []), words(x)]);
  const parts = [...byCurrency].map(([currency, all]) => {
    const kinds = [...new Set(all)];
    const text = kinds.length === 1 ? kinds[0]! : kinds.map((k) => `${k} (${plural(all.filter((w) => w === k).length, "statement")})`).join(", ");
    // An amount off already names its currency ("off by USD 120.00").
    return byCurrency.size === 1 || text.startsWith("off by") ? text : `${currency} ${text}`;
  });
  // The same for every statement: said once ("checked ✓", not "EUR checked ✓; USD checked ✓").
  const alike = new Set(recs.map(words));
  return { status, words: alike.size === 1 ? [...alike][0]! : parts.length ? parts.join("; ") : "none stated" };
};

/** Whether a preview's file is read by a bank's layout (not by columns found from its header, chosen, or saved by the user). */
export const readByBankLayout = (p: StatementPreview): boolean => p.format === "csv" && p.layout !== null && p.layout !== "guessed" && p.layout !== "mapping" && savedNameOf(p.layout) === null;

/** What the file is, in words: its bank layout, or its format and how its columns were found. */
export const whatOf = (p: StatementPreview): string => {
  const saved = savedNameOf(p.layout);
  if (saved) return `a CSV read with your layout “${saved}”`;
  const bank = LAYOUTS.find((l) => l.id === p.layout);
  if (bank) return `${bank.bank} ${bank.name}`;
  // The reader's label in words (the README's table writes its version names as code).
  const label = (readerFor(p.format)?.label ?? p.format).replace(/`/g, "");
  if (p.layout === "guessed") return `${label}, its columns recognised from the header`;
  if (p.layout === "mapping") return `${label}, read with the columns you chose`;
  return label;
};

const estimateWords = (p: StatementPreview): string | null => {
  const e = p.estimate;
  if (!e) return null;
  const tokens = e.inputTokens + e.outputTokens;
  return `about ${formatCount(Math.round(tokens / 100) * 100 || tokens)} tokens in ${plural(e.requests, "request")}, ${costWords(e.cost)}`;
};

export const previewView = (id: string, p: StatementPreview, account: (a: string) => string, model: boolean): ImportPreviewView => ({
  id,
  file: p.file,
  what: whatOf(p),
  account: p.account ? account(p.account) : null,
  data_lines: p.dataLines,
  rows: p.counts.rows,
  new: p.counts.new,
  duplicates: p.counts.duplicates,
  possible_duplicates: p.counts.possibleDuplicates,
  bad_rows: p.badRows.map((b) => ({ line: b.line, reason: inPageWords(b.reason) })),
  skipped: p.skipped,
  totals: p.totals.map((t) => ({ currency: t.currency, out: t.out, out_rows: t.outRows, in: t.in, in_rows: t.inRows })),
  // The accounts by their names (Settings) or masked, never the whole IBAN or card number.
  reconciliationLines: p.reconciliation.map((r) => ({ ...r, account: r.account ? account(r.account) : null })),
  notes: p.notes.map((n) => inPageWords(n, readByBankLayout(p) ? "file" : "columns")),
  preview: p.rows.map((row) => ({ ...previewRowJson(row), match: row.match ? matchView(p.format, row.match) : null })),
  shown: p.rows.length,
  willImport: p.counts.new,
  newMerchants: p.newMerchants,
  model,
  estimate: estimateWords(p),
});

export const fileView = (id: string, h: HeldImport, account: (a: string) => string, of: FileViewContext): ImportFileView => {
  const s = h.settings;
  const o = h.outcome;
  const p = "preview" in o ? o.preview : null;
  return {
    id,
    file: h.file.name,
    version: h.version,
    what: p ? whatOf(p) : null,
    account: p?.account ? account(p.account) : null,
    // The Account field holds the layout's account: said so, as an account read from the file reads alike (two
    // accounts at one bank share a header; review of r4-uqa10).
    ...(p?.account && s.account && of.layoutAccountOf(p) === s.account ? { accountFromLayout: true as const } : {}),
    settings: {
      account: s.account ?? "",
      format: s.format ?? "auto",
      flipSigns: s.flipSigns === true,
      columnsChosen: s.columns !== undefined,
      layout: s.layout ?? null,
      // A bank layout's file: its currency set beside its account, the layout kept (the mapping screen's would not keep it).
      currency: p && !s.columns && readByBankLayout(p) ? (s.flags?.currency ?? "") : null,
    },
    mapping: o.mapping,
    guessed: h.columnsGuessed && o.mapping ? { ignoredAmounts: ignoredAmountColumns(o.mapping), signs: h.signsInDoubt ?? null, why: h.guessedWhy ?? null } : null,
    ...(p ? { preview: previewView(id, p, account, of.model) } : { problem: { message: (o as { problem: string }).problem, needsColumns: (o as { needsColumns: boolean }).needsColumns } }),
  };
};

export const summaryRow = (id: string, h: HeldImport | null, done: { file: string; words: string } | undefined, account: (a: string) => string): ImportSummaryRow | null => {
  const without = (file: string, version: number, said: { problem: string; waitsForColumns?: boolean } | { result: string }): ImportSummaryRow => ({
    id, file, version, what: null, account: null, problem: null, result: null, waitsForColumns: false, waitsForTick: false, ...said, new: 0, duplicates: 0, possible: 0, badOrSkipped: 0, badRows: 0, totals: [], balances: { status: "none", words: "" }, willImport: 0,
  });
  if (!h) return done ? without(done.file, 0, { result: done.words }) : null;
  const o = h.outcome;
  if (!("preview" in o)) return without(h.file.name, h.version, { problem: o.needsColumns ? "choose its columns first" : o.problem, waitsForColumns: o.needsColumns });
  if (h.columnsGuessed) return without(h.file.name, h.version, { problem: "its columns are a guess: check them first", waitsForColumns: true });
  const p = o.preview;
  return {
    id,
    file: h.file.name,
    version: h.version,
    what: whatOf(p),
    account: p.account ? account(p.account) : null,
    problem: null,
    result: null,
    waitsForColumns: false,
    waitsForTick: false,
    new: p.counts.new,
    duplicates: p.counts.duplicates,
    possible: p.counts.possibleDuplicates,
    badOrSkipped: p.badRows.length + p.skipped.length,
    badRows: p.badRows.length,
    totals: p.totals.map((t) => ({ currency: t.currency, out: t.out, in: t.in })),
    balances: balancesOf(p),
    willImport: p.counts.new,
  };
};

/** What an import did, as the page says it (the model's calls in words). */
export const resultProps = (id: string, res: CommitResult & { preview: StatementPreview; modelError: string | null }, usage: string | null): ImportResultProps => ({
  id,
  file: res.preview.file,
  batch: res.batch,
  inserted: res.inserted,
  skipped: res.alreadyThere,
  bySource: res.bySource,
  snapshot: res.snapshot,
  classification: usage,
  modelError: res.modelError,
});

/** What the model's classification of an import did and took, in a sentence (null: the model was not asked). */
export function modelWords(res: { modelUsage: ModelUsageOfCalls | null }): string | null {
  const u = res.modelUsage;
  if (!u) return null;
  const tokens = u.usage.input_tokens + u.usage.output_tokens + u.usage.cache_creation_input_tokens + u.usage.cache_read_input_tokens;
  const took = `(${formatCount(tokens)} tokens, ${costWords(estimateCost(u.model, u.usage))})`;
  // What the model did, not what it was asked: an answer with no result (or none worth keeping) classified nothing.
  if (u.classified === 0) return `The model was asked about ${plural(u.merchants, "new merchant")} ${took} and classified none of them.`;
  return `The model classified ${u.classified < u.merchants ? `${formatCount(u.classified)} of ` : ""}${plural(u.merchants, "new merchant")} ${took}.`;
}

/** A cost in words: "estimated USD 0.02", or that the model has no known price. */
const costWords = (cost: number | "unknown") => (cost === "unknown" ? "cost unknown for this model" : `estimated ${formatCost(cost)}`);

/** The row a possible duplicate may repeat, as the page names it: its day and text, and for a row of the same file its place and why. */
function matchView(format: string, m: NonNullable<PreviewRow["match"]>) {
  return {
    date: m.date,
    description: m.description,
    ...(m.currency ? { currency: m.currency } : {}),
    ...(m.inFile ? { inFile: { place: rowPlace(format, m.inFile.line), reason: m.inFile.reason } } : {}),
  };
}
