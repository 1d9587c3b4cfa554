import { ACCEPTED_FILES, READERS } from "../src/import/formats/registry.ts";
import { DATE_FORMATS } from "../src/import/formats/types.ts";

/**
 * The upload form. Choosing files, or changing a field, previews at once (htmx posts
 * the whole form on `change`); the CSV column fields are for files whose columns
 * cannot be recognised, and opened by the preview when it needs them.
 */
export function ImportForm({ mappings }: { mappings: string[] }) {
  const text = (name: string, label: string, hint?: string) => (
    <label class="field">
      <span>{label}</span>
      <input type="text" name={name} placeholder={hint} autocomplete="off" />
    </label>
  );
  return (
    <form
      id="import-form"
      class="import-form"
      method="post"
      action="/import/preview"
      enctype="multipart/form-data"
      hx-post="/import/preview"
      hx-trigger="submit, change"
      hx-target="#import-preview"
      hx-swap="innerHTML"
    >
      <label class="drop-zone" id="drop-zone">
        <span class="drop-text">Choose statement files, or drop them here</span>
        <input type="file" name="file" id="import-file" multiple required accept={ACCEPTED_FILES} />
      </label>
      <div class="import-options">
        <label class="field">
          <span>Account (optional)</span>
          <input type="text" name="account" placeholder="found in the file, or e.g. Joint account" autocomplete="off" />
        </label>
        <label class="field">
          <span>Format</span>
          <select name="format">
            <option value="auto">recognise it</option>
            {READERS.map((r) => (
              <option value={r.id}>{r.name}</option>
            ))}
          </select>
        </label>
        <label class="field field-check">
          <input type="checkbox" name="flip-signs" value="on" />
          <span>Flip signs (money out ↔ money in)</span>
        </label>
      </div>
      <details class="import-mapping" id="import-mapping">
        <summary>CSV columns (only when a CSV's columns are not recognised)</summary>
        <div class="import-options">
          {mappings.length ? (
            <label class="field">
              <span>Saved mapping</span>
              <select name="mapping">
                <option value="">none</option>
                {mappings.map((m) => (
                  <option value={m}>{m}</option>
                ))}
              </select>
            </label>
          ) : null}
          {text("date-column", "Date column", "e.g. Buchungsdatum")}
          {text("amount-column", "Amount column (signed)", "e.g. Betrag")}
          {text("debit-column", "Debit column", "or: money out")}
          {text("credit-column", "Credit column", "and: money in")}
          {text("description-column", "Description column", "e.g. Buchungstext")}
          {text("currency-column", "Currency column", "e.g. Währung")}
          {text("currency", "Currency of every row", "e.g. CHF")}
          <label class="field">
            <span>Date format</span>
            <select name="date-format">
              <option value="">recognise it</option>
              {DATE_FORMATS.map((f) => (
                <option value={f}>{f}</option>
              ))}
            </select>
          </label>
          <label class="field">
            <span>Decimal mark</span>
            <select name="decimal">
              <option value="">recognise it</option>
              <option value=".">. (1'234.50)</option>
              <option value=",">, (1.234,50)</option>
            </select>
          </label>
        </div>
      </details>
      <button type="submit">Preview</button>
    </form>
  );
}
