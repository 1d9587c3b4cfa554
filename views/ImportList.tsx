import { formatCount } from "../src/core/format.ts";
import type { ImportRecord } from "../src/store/import-records.ts";

/** Every import, newest first: file, account, rows, dates covered, when, by whom, and Undo. */
export function ImportList({ imports }: { imports: ImportRecord[] }) {
  return (
    <section class="import-list" id="import-list" aria-label="Past imports">
      <h2>Past imports</h2>
      {imports.length === 0 ? (
        <p class="muted">No imports yet.</p>
      ) : (
        <table class="data-table">
          <thead>
            <tr>
              <th>File</th>
              <th>Account</th>
              <th class="num">Rows</th>
              <th>Dates</th>
              <th>When</th>
              <th>By</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            {imports.map((r) => (
              <tr class={r.undoneAt ? "undone" : undefined} data-batch={r.batch}>
                <td>{r.file}</td>
                <td>{r.account ?? "–"}</td>
                <td class="num">{formatCount(r.rows)}</td>
                <td>{r.firstDate ? `${r.firstDate} – ${r.lastDate}` : "–"}</td>
                <td>{r.importedAt.slice(0, 16).replace("T", " ")} UTC</td>
                <td>{r.importedBy}</td>
                <td>
                  {r.undoneAt ? (
                    <span class="muted">undone by {r.undoneBy}</span>
                  ) : (
                    <form method="post" action="/import/undo" hx-post="/import/undo" hx-target="#import-notice" hx-swap="innerHTML" class="inline-form">
                      <input type="hidden" name="batch" value={r.batch} />
                      <button type="submit" class="danger">
                        Undo
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
