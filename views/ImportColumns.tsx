import { COLUMN_ROLES, DATE_NOTATIONS, DECIMAL_MARKS, ROLE_WORDS, type CsvMappingView } from "../src/import/user-layouts.ts";
import { ScrollTable } from "./ScrollTable.tsx";

/**
 * The mapping screen of a CSV (SPEC §10.1): its first rows as a table, above each column the list of what
 * it can hold (date, amount, money out, money in, debit/credit sign, payee, purpose, other text, currency,
 * balance, ignore); the date notation and decimal mark proposed for it; the currency of every row when no column
 * holds one; "Flip signs"; and "Save layout
 * as …", which keeps the choice for every later file with this header. Any change previews again at once
 * (the preview below follows: money out and money in, the rows). Open when the columns must be named;
 * for any other CSV it is one click away.
 */
export function ImportColumns({ id, view, open, chosen }: { id: string; view: CsvMappingView; open: boolean; chosen: boolean }) {
  const fid = (name: string) => `${name}-${id}`;
  return (
    <details class="import-columns" open={open} id={fid("columns")}>
      {/* Named "Change columns" open or closed: the notes send the user there by that name (uqa5: open, it read "Columns: …"). */}
      <summary>{open ? "Change columns: what each one holds" : "Change columns"}</summary>
      <fieldset class="import-columns-fields" hx-post={`/import/${id}/settings?columns=chosen`} hx-trigger="change" hx-sync="queue last" hx-target={`#${fid("file")}`} hx-swap="outerMorph">
        <legend class="sr-only">What each column holds</legend>
        {open ? <p class="muted">Check what each column holds; the preview below follows your choice.</p> : null}
        <input type="hidden" name="columns" value={chosen ? "chosen" : ""} />
        <ScrollTable
          label="The file's first rows, with what each column holds"
          class="import-columns-table"
          columns={view.header.map((h, i) => ({
            head: (
              <div class="column-role">
                <span class="column-name">{h || `Column ${i + 1}`}</span>
                <select name={`role-${i}`} id={fid(`role-${i}`)} aria-label={`What column “${h || i + 1}” holds`}>
                  {COLUMN_ROLES.map((r) => (
                    <option value={r} selected={view.roles[i] === r}>
                      {ROLE_WORDS[r]}
                    </option>
                  ))}
                </select>
              </div>
            ),
          }))}
        >
          {view.rows.map((r) => (
            <tr>
              {view.header.map((_, i) => (
                <td>{r[i] ?? ""}</td>
              ))}
            </tr>
          ))}
        </ScrollTable>
        <div class="import-options">
          <label class="field" for={fid("date-format")}>
            <span>Dates are written</span>
            <select name="dates-written" id={fid("date-format")}>
              {view.dateFormat === null ? <option value="">choose</option> : null}
              {DATE_NOTATIONS.map((d) => (
                <option value={d.format} selected={view.dateFormat !== null && DATE_NOTATIONS.find((x) => x.format === view.dateFormat)?.order === d.order}>
                  {d.words}
                </option>
              ))}
            </select>
          </label>
          <label class="field" for={fid("decimal")}>
            <span>Decimal mark</span>
            <select name="decimal-mark" id={fid("decimal")}>
              {view.decimal === null ? <option value="">choose</option> : null}
              {DECIMAL_MARKS.map((d) => (
                <option value={d.mark} selected={view.decimal === d.mark}>
                  {d.words}
                </option>
              ))}
            </select>
          </label>
          {/*
            Read as the command line's currency: an ISO 4217 code, for every row when no column holds the currency, part of
            the columns chosen here. Not named "currency": that is the file's own field (ImportFile, for a file a bank's
            layout reads), the API's --currency, which keeps the layout (mapping.ts settingsFromFields).
          */}
          <label class="field" for={fid("currency")}>
            <span>Currency of every row</span>
            <input type="text" name="row-currency" id={fid("currency")} value={view.currency ?? ""} maxlength={3} size={4} pattern="[A-Za-z]{3}" autocomplete="off" spellcheck={false} placeholder="e.g. EUR" aria-describedby={fid("currency-help")} />
            <small class="muted" id={fid("currency-help")}>when no column holds it (otherwise the file's, its account's or your data's)</small>
          </label>
        </div>
      </fieldset>
      <div class="import-save-layout">
        <label for={fid("save-as")}>Save layout as</label>
        <input type="text" name="save-as" id={fid("save-as")} maxlength={80} autocomplete="off" value={view.savedAs ?? ""} placeholder="e.g. ING Girokonto" />
        {/* Saved, the file is read with the layout (its flip included): the whole file is drawn anew, its fields as the server has them. */}
        <button type="button" hx-post={`/import/${id}/settings?columns=chosen&save=1`} hx-target={`#${fid("file")}`} hx-swap="outerHTML">
          Save layout
        </button>
        <p class="muted">A saved layout reads every later file with the same columns on its own.</p>
      </div>
    </details>
  );
}
