/**
 * A held preview as the API gives it (SPEC §10.1): its counts, totals, balances and first rows, in the API's names.
 */
import { reconciliationJson } from "../../../import/importer.ts";
import type { PreviewRow, StatementPreview } from "../../../import/preview.ts";

/**
 * The preview of SPEC §10/§10.1: what the file holds and what becomes of each of its data lines
 * (new, duplicate, possible duplicate, bad row, skipped — they add up to `data_lines`), the money
 * out and in per currency, what its balances say, how many merchants are new and what classifying
 * them at import will take, and the first rows (a row the model classifies at import has merchant,
 * category and source null).
 */
export function previewJson(id: string, version: number, p: StatementPreview, model: boolean) {
  return {
    id,
    version,
    format: p.format,
    layout: p.layout,
    account: p.account,
    data_lines: p.dataLines,
    rows: p.counts.rows,
    new: p.counts.new,
    duplicates: p.counts.duplicates,
    possible_duplicates: p.counts.possibleDuplicates,
    bad_rows: p.badRows.map((b) => ({ line: b.line, reason: b.reason })),
    skipped: p.skipped.map((b) => ({ line: b.line, reason: b.reason })),
    totals: p.totals.map((t) => ({ currency: t.currency, out: t.out, out_rows: t.outRows, in: t.in, in_rows: t.inRows })),
    reconciliation: p.reconciliation.map(reconciliationJson),
    notes: p.notes,
    new_merchants: p.newMerchants,
    classification_estimate:
      model && p.estimate ? { merchants: p.estimate.merchants, requests: p.estimate.requests, input_tokens: p.estimate.inputTokens, output_tokens: p.estimate.outputTokens, cost_usd: p.estimate.cost } : null,
    preview: p.rows.map(previewRowJson),
  };
}

/** A preview's row as the API gives it (and the page shows it): merchant, category and source null when the model classifies it at import; an already imported row's as stored (source "stored"). */
export function previewRowJson(r: PreviewRow) {
  return {
    line: r.line,
    date: r.date,
    amount: r.amount,
    currency: r.currency,
    description: r.description,
    // (An already imported row: as it is stored now.)
    merchant: r.classified?.merchant ?? r.stored?.merchant ?? null,
    category: r.classified?.category ?? r.stored?.category ?? null,
    source: r.classified?.source ?? (r.stored ? "stored" : null),
    status: r.status,
    transaction_id: r.transactionId,
    // The row a possible duplicate may repeat (stored, or a row of this file with why), as the CLI and the page name it (issue 31).
    match: r.match ? { date: r.match.date, description: r.match.description, ...(r.match.currency ? { currency: r.match.currency } : {}), ...(r.match.inFile ? { in_file: { line: r.match.inFile.line, reason: r.match.inFile.reason } } : {}) } : null,
  };
}
