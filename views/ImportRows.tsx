import { formatDate, formatMoney } from "../src/core/format.ts";
import { numeric, ScrollTable } from "./ScrollTable.tsx";

export type ImportPreviewRow = {
  line: number;
  date: string;
  amount: number;
  currency: string;
  description: string;
  /** How it would be stored; null (with `source` null): a new merchant, classified by the model at import. */
  merchant: string | null;
  category: string | null;
  source: string | null;
  status: "new" | "duplicate" | "possible_duplicate";
  transaction_id: string;
  /** The row already in the data that a possible duplicate may repeat: its day and text. */
  /** `currency`: the earlier row's, when not this row's (a file imported before in another currency). */
  /** `inFile`: the earlier row is of this same file (its reader could not tell one booking written twice from two alike): its place and why. */
  match?: { date: string; description: string; currency?: string; inFile?: { place: string; reason: string } } | null;
};

const STATUS: Record<ImportPreviewRow["status"], string> = { new: "new", duplicate: "already imported", possible_duplicate: "possible duplicate" };
/** How a row's category was found, in words (the source's code stays in the cell's title). */
const HOW: Record<string, string> = { cache: "known merchant", rules: "card rule", llm: "model", unclassified: "not classified", user_rule: "your rule", stored: "as imported" };

/**
 * A preview's rows: line, status, day, amount, description, and how it would be stored (merchant and category,
 * and how they were found — "at import" for a new merchant the model classifies then); a possible duplicate has
 * its tick box (unticked: not imported) and names the row it may repeat; bad rows and skipped lines their
 * reason. On a phone each row is a card of labelled cells (figures.css), no word broken.
 */
export function ImportRows(p: { id: string; file: string; rows: ImportPreviewRow[]; bad: { line: number; reason: string }[]; skipped: { line: number; reason: string }[] }) {
  const unplaced = [...p.bad.map((b) => ({ ...b, kind: "bad row" })), ...p.skipped.map((s) => ({ ...s, kind: "skipped" }))].sort((a, b) => a.line - b.line);
  if (p.rows.length === 0 && unplaced.length === 0) return null;
  return (
    <div class="data-table import-rows">
      <ScrollTable label={`Rows of ${p.file}`} columns={["Description", ...numeric("Line"), "Status", "Date", ...numeric("Amount"), "Merchant", "Category"]}>
        {p.rows.map((r) => (
          <tr class={`status-${r.status}`}>
            <td data-label="Description">{r.description}</td>
            <td class="num" data-label="Line">
              {r.line}
            </td>
            <td data-label="Status">
              {r.status === "possible_duplicate" ? (
                <label>
                  <input type="checkbox" name="include" value={r.transaction_id} /> {STATUS[r.status]}
                  {r.match
                    ? ` of ${r.match.inFile ? `${r.match.inFile.place} of this file, ` : ""}${formatDate(r.match.date)}${r.match.currency ? ` in ${r.match.currency}` : ""} “${r.match.description}”${r.match.inFile ? ` (${r.match.inFile.reason})` : ""}`
                    : ""}
                  : import anyway
                </label>
              ) : (
                STATUS[r.status]
              )}
            </td>
            <td data-label="Date">{formatDate(r.date)}</td>
            <td class="num" data-label="Amount">
              {formatMoney(r.amount, r.currency)}
            </td>
            <td data-label="Merchant" class={r.merchant === null ? "empty" : undefined}>
              {r.merchant ?? ""}
            </td>
            <td data-label="Category" title={r.source ?? undefined} class={r.status === "duplicate" && r.category === null ? "empty" : undefined}>
              {r.status === "duplicate" && r.category === null ? "" : r.category === null ? "at import" : `${r.category} (${HOW[r.source ?? ""] ?? r.source})`}
            </td>
          </tr>
        ))}
        {unplaced.map((b) => (
          <tr class={b.kind === "bad row" ? "status-bad" : "status-skipped"}>
            <td data-label="Why">{b.reason}</td>
            <td class="num" data-label="Line">
              {b.line}
            </td>
            <td data-label="Status">{b.kind}</td>
            <td class="empty" colspan={4}></td>
          </tr>
        ))}
      </ScrollTable>
    </div>
  );
}
