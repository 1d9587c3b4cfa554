import { formatCount, formatMoney, plural } from "../src/core/format.ts";
import { reconciliationText } from "../src/import/importer.ts";
import type { Reconciliation } from "../src/import/formats/types.ts";
import { ImportConfirmColumns } from "./ImportConfirmColumns.tsx";
import { ImportRows, type ImportPreviewRow } from "./ImportRows.tsx";
import { numeric, ScrollTable } from "./ScrollTable.tsx";

export type { ImportPreviewRow } from "./ImportRows.tsx";

/** What a file's preview says, in the page's words (the route makes it from the preview). */
export type ImportPreviewView = {
  id: string;
  file: string;
  /** What the file is, in words: "UBS account statement (English)", "a CSV, columns recognised from its header". */
  what: string;
  /** The account, named (Settings) or masked. */
  account: string | null;
  data_lines: number;
  rows: number;
  new: number;
  duplicates: number;
  possible_duplicates: number;
  bad_rows: { line: number; reason: string }[];
  skipped: { line: number; reason: string }[];
  totals: { currency: string; out: number; out_rows: number; in: number; in_rows: number }[];
  reconciliationLines: Reconciliation[];
  notes: string[];
  preview: ImportPreviewRow[];
  /** Rows shown (the first ones, and the possible duplicates); the counts cover the whole file. */
  shown: number;
  /** Rows "Import" adds before any possible duplicate is ticked. */
  willImport: number;
  /** Merchants among the new rows only the model can classify; the model classifies them at import (SPEC §10.1). */
  newMerchants: number;
  /** Whether a model is set up; and what classifying them will take, in words ("about 4'200 tokens, est. USD 0.02"). */
  model: boolean;
  estimate: string | null;
};

/** A file that could not be previewed: why, and whether naming its columns (the mapping screen) would help. */
export type ImportProblemView = { message: string; needsColumns: boolean };

/**
 * What a file would add, or why it cannot be read. The preview: what the file is and its account; what each of
 * its data lines became (new, already imported, possible duplicate, bad row, skipped — they add up); money out
 * and money in per currency, so a file read with the wrong signs shows at a glance; what its balances say; how
 * many merchants are new and what classifying them at import will cost; the rows; a tick for a statement that
 * does not reconcile; Import. It is the part of a file's form that a re-preview replaces (`version` with it).
 */
export function ImportPreview(p: { preview?: ImportPreviewView; problem?: ImportProblemView; version: number; guessed?: { ignoredAmounts: string[]; signs: string | null; why: string | null } | null }) {
  const version = <input type="hidden" name="version" value={String(p.version)} />;
  if (!p.preview) {
    const problem = p.problem!;
    return (
      <div class="import-outcome">
        {version}
        <div class="notice notice-error import-problem" role="alert" data-needs-mapping={problem.needsColumns ? "true" : undefined}>
          <span class="error-message">{problem.message}</span>
          {problem.needsColumns ? <p>Choose what each column holds above; the preview follows your choice.</p> : null}
        </div>
      </div>
    );
  }
  const v = p.preview;
  const unreconciled = v.reconciliationLines.some((r) => r.status === "off");
  // The possible duplicates shown with their "import anyway" box (ImportRows).
  const ticks = v.preview.filter((r) => r.status === "possible_duplicate").length;
  return (
    <div class="import-outcome">
      {version}
      <p class="import-found">
        {plural(v.data_lines, "data line")}: {formatCount(v.new)} new, {formatCount(v.duplicates)} already imported, {formatCount(v.possible_duplicates)} possible{" "}
        {v.possible_duplicates === 1 ? "duplicate" : "duplicates"}, {plural(v.bad_rows.length, "bad row")}, {formatCount(v.skipped.length)} skipped.
      </p>
      {v.totals.length ? (
        <ScrollTable
          label={`Money out and money in of ${v.file}`}
          class="import-totals"
          columns={["Currency", ...numeric("Money out", "Rows", "Money in", "Rows")]}
        >
          {v.totals.map((t) => (
            <tr>
              <td>{t.currency}</td>
              <td class="num">{formatMoney(t.out, t.currency)}</td>
              <td class="num">{formatCount(t.out_rows)}</td>
              <td class="num">{formatMoney(t.in, t.currency)}</td>
              <td class="num">{formatCount(t.in_rows)}</td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
      <ul class="import-balances">
        {v.reconciliationLines.map((r) => (
          <li class={`reconciliation-${r.status}`}>{reconciliationText(r)}</li>
        ))}
      </ul>
      {v.notes.length ? (
        <ul class="import-notes">
          {v.notes.map((n) => (
            <li>{n}</li>
          ))}
        </ul>
      ) : null}
      {v.newMerchants > 0 ? (
        <p class="import-merchants">
          {v.model
            ? `${plural(v.newMerchants, "new merchant")}: the model classifies ${v.newMerchants === 1 ? "it" : "them"} when you import${v.estimate ? ` (${v.estimate})` : ""}.`
            : `${plural(v.newMerchants, "new merchant")}: without a model ${v.newMerchants === 1 ? "it is" : "they are"} imported as Uncategorised; add a model to classify ${v.newMerchants === 1 ? "it" : "them"} later.`}
        </p>
      ) : null}
      <ImportRows id={v.id} file={v.file} rows={v.preview} bad={v.bad_rows} skipped={v.skipped} />
      {v.shown < v.rows ? <p class="muted">Showing {formatCount(v.shown)} of {formatCount(v.rows)} rows; the counts and the import cover all of them.</p> : null}
      {v.bad_rows.length ? (
        <label class="import-accept">
          <input type="checkbox" name="skip-bad-rows" value="on" required /> Import without the {v.bad_rows.length === 1 ? "bad row" : `${formatCount(v.bad_rows.length)} bad rows`} (listed above)
        </label>
      ) : null}
      {unreconciled ? (
        <label class="import-accept">
          <input type="checkbox" name="accept-unreconciled" value="on" required /> Import although the balances do not add up
        </label>
      ) : null}
      {p.guessed ? <ImportConfirmColumns id={v.id} ignoredAmounts={p.guessed.ignoredAmounts} signs={p.guessed.signs !== null} why={p.guessed.why} /> : null}
      <div class="import-actions">
        {/* The button's words for each number of possible duplicates ticked: the page's script shows the one the boxes make. */}
        <button
          type="submit"
          class="primary import-commit"
          data-words={p.guessed || ticks === 0 ? undefined : JSON.stringify(Array.from({ length: ticks + 1 }, (_, k) => importWords(v.willImport + k, v.possible_duplicates)))}
          disabled={p.guessed != null || (v.willImport === 0 && v.possible_duplicates === 0)}
        >
          {p.guessed ? "Check the columns first" : importWords(v.willImport, v.possible_duplicates)}
        </button>
      </div>
    </div>
  );
}

/** What Import does, in words: the rows it adds (the new ones and those ticked), else that it imports the ticked ones. */
function importWords(rows: number, possible: number): string {
  return rows > 0 ? `Import ${plural(rows, "transaction")}` : possible > 0 ? "Import the ticked possible duplicates" : "Nothing new to import";
}
