import { formatCount, formatMoney, plural } from "../src/core/format.ts";
import { reconciliationText } from "../src/import/importer.ts";
import type { Reconciliation } from "../src/import/formats/types.ts";

export type ImportPreviewRow = {
  line: number;
  date: string;
  amount: number;
  currency: string;
  description: string;
  merchant: string | null;
  category: string | null;
  source: string | null;
  status: "new" | "duplicate" | "possible_duplicate";
  transaction_id: string;
};

export type ImportPreviewView = {
  id: string;
  file: string;
  format: string;
  layout: string | null;
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
  /** Rows shown (the first ones, and every possible duplicate); the counts cover the whole file. */
  shown: number;
  /** Rows "Import" adds before any possible duplicate is ticked. */
  willImport: number;
  modelError: string | null;
};

const STATUS: Record<ImportPreviewRow["status"], string> = { new: "new", duplicate: "already imported", possible_duplicate: "possible duplicate" };
const SOURCE: Record<string, string> = { cache: "merchant cache", rules: "card rules", llm: "model", unclassified: "not classified yet" };

/**
 * What a file would add: the format (and bank layout) and account found; what each of its data
 * lines became (new, already imported, possible duplicate, bad row, skipped — they add up); money
 * out and money in per currency with their rows, so a file read with the wrong signs shows at a
 * glance; what its balances say; every row with its status and proposed merchant, category and
 * source; possible duplicates have a tick box (unticked: not imported), bad rows and skipped lines
 * their reason. A statement that does not reconcile imports only with its own tick. Or the problem
 * with the file, with the column fields opened when it is about a CSV's columns. With both: the
 * preview, and why its Import did not happen (budget.db was busy: Import again).
 */
export function ImportPreview(p: { preview?: ImportPreviewView; error?: string; needsMapping?: boolean }) {
  if (!p.preview) {
    return (
      <div class="notice notice-error import-problem" role="alert" data-needs-mapping={p.needsMapping ? "true" : undefined}>
        <span class="error-message">{p.error}</span>
        {p.needsMapping ? <p class="muted">Name the columns under “CSV columns” above; the preview updates as you fill them in.</p> : null}
      </div>
    );
  }
  const v = p.preview;
  const unplaced = [...v.bad_rows.map((b) => ({ ...b, kind: "bad row" })), ...v.skipped.map((s) => ({ ...s, kind: "skipped" }))].sort((a, b) => a.line - b.line);
  const unreconciled = v.reconciliationLines.some((r) => r.status === "off");
  return (
    <form class="import-review" method="post" action={`/import/${v.id}/commit`} hx-post={`/import/${v.id}/commit`} hx-target="this" hx-swap="outerHTML">
      <p class="import-found">
        <strong>{v.file}</strong>: {v.format}
        {v.layout && v.layout !== v.format ? ` (${v.layout})` : ""}
        {v.account ? `, account ${v.account}` : ""} — {plural(v.data_lines, "data line")}: {formatCount(v.new)} new, {formatCount(v.duplicates)} already imported,{" "}
        {formatCount(v.possible_duplicates)} possible {v.possible_duplicates === 1 ? "duplicate" : "duplicates"}, {plural(v.bad_rows.length, "bad row")},{" "}
        {formatCount(v.skipped.length)} skipped.
      </p>
      {v.totals.length ? (
        <table class="data-table import-totals" aria-label="Money out and money in">
          <thead>
            <tr>
              <th>Currency</th>
              <th class="num">Money out</th>
              <th class="num">Rows</th>
              <th class="num">Money in</th>
              <th class="num">Rows</th>
            </tr>
          </thead>
          <tbody>
            {v.totals.map((t) => (
              <tr>
                <td>{t.currency}</td>
                <td class="num">{formatMoney(t.out, t.currency)}</td>
                <td class="num">{formatCount(t.out_rows)}</td>
                <td class="num">{formatMoney(t.in, t.currency)}</td>
                <td class="num">{formatCount(t.in_rows)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
      {v.modelError ? <p class="notice notice-error">The model could not classify these rows ({v.modelError}); they will be stored unclassified.</p> : null}
      <div class="table-scroll">
        <table class="data-table import-rows">
          <thead>
            <tr>
              <th>Line</th>
              <th>Status</th>
              <th>Date</th>
              <th class="num">Amount</th>
              <th>Description</th>
              <th>Merchant</th>
              <th>Category</th>
              <th>Source</th>
            </tr>
          </thead>
          <tbody>
            {v.preview.map((r) => (
              <tr class={`status-${r.status}`}>
                <td class="num">{r.line}</td>
                <td>
                  {r.status === "possible_duplicate" ? (
                    <label>
                      <input type="checkbox" name="include" value={r.transaction_id} /> {STATUS[r.status]}: import anyway
                    </label>
                  ) : (
                    STATUS[r.status]
                  )}
                </td>
                <td>{r.date}</td>
                <td class="num">{formatMoney(r.amount, r.currency)}</td>
                <td>{r.description}</td>
                <td>{r.merchant ?? ""}</td>
                <td>{r.category ?? ""}</td>
                <td>{r.source ? SOURCE[r.source] ?? r.source : ""}</td>
              </tr>
            ))}
            {unplaced.map((b) => (
              <tr class={b.kind === "bad row" ? "status-bad" : "status-skipped"}>
                <td class="num">{b.line}</td>
                <td>{b.kind}</td>
                <td colspan={6}>{b.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {v.shown < v.rows ? <p class="muted">The first rows are shown ({formatCount(v.shown)}); the counts and the import cover all {formatCount(v.rows)}.</p> : null}
      {unreconciled ? (
        <label class="import-accept">
          <input type="checkbox" name="accept-unreconciled" value="on" required /> Import although the balances do not add up
        </label>
      ) : null}
      {p.error ? (
        <p class="notice notice-error" role="alert">
          <span class="error-message">{p.error}</span>
        </p>
      ) : null}
      <button type="submit" class="primary" disabled={v.willImport === 0 && v.possible_duplicates === 0}>
        Import {plural(v.willImport, "transaction")}
      </button>
      <progress class="import-progress htmx-indicator" aria-label="Importing"></progress>
    </form>
  );
}
