import { formatCount, formatDate, formatDateTime } from "../src/core/format.ts";
import type { ImportRecord, ImportVia } from "../src/store/import-records.ts";
import { ImportUndo } from "./ImportUndo.tsx";
import { numeric, ScrollTable } from "./ScrollTable.tsx";

/** Who imported, in words: you (the single local user), the command line, or the user's name; "through the API" when so. */
const who = (by: string, via: ImportVia | null) => `${by === "local" ? "you" : by === "cli" ? "the command line" : by}${via === "api" ? " through the API" : ""}`;

/** Every import, newest first: file, account, rows, days covered, when, by whom, and Undo (asking first). */
export function ImportList({ imports, account }: { imports: ImportRecord[]; account: (a: string) => string }) {
  return (
    <section class="import-list" id="import-list" aria-labelledby="import-list-title">
      <h2 id="import-list-title">Past imports</h2>
      {imports.length === 0 ? (
        <p class="muted">No imports yet.</p>
      ) : (
        <div class="data-table">
          <ScrollTable
            label="The imports, newest first"
            columns={["File", "Account", ...numeric("Rows"), "Days", "Imported", { head: <span class="sr-only">Undo</span> }]}
          >
            {imports.map((r) => (
              <tr class={r.undoneAt ? "undone" : undefined} data-batch={r.batch}>
                <td data-label="File" title={r.batch}>
                  {r.file}
                </td>
                <td data-label="Account" class={r.account ? undefined : "empty"}>
                  {r.account ? account(r.account) : ""}
                </td>
                <td class="num" data-label="Rows">
                  {formatCount(r.rows)}
                </td>
                <td data-label="Days" class={r.firstDate ? undefined : "empty"}>
                  {r.firstDate ? (r.firstDate === r.lastDate ? formatDate(r.firstDate) : `${formatDate(r.firstDate)} – ${formatDate(r.lastDate!)}`) : ""}
                </td>
                <td data-label="Imported">
                  <time class="local-datetime" datetime={r.importedAt}>
                    {formatDateTime(r.importedAt)}
                  </time>{" "}
                  by {who(r.importedBy, r.importedVia)}
                </td>
                <td data-label="Undo">
                  {r.undoneAt ? (
                    <span class="muted">undone by {who(r.undoneBy ?? "", r.undoneVia)}</span>
                  ) : (
                    <ImportUndo batch={r.batch} file={r.file} rows={r.rows} target="#import-notice" swap="innerHTML" label="Undo" name={`Undo the import of ${r.file}`} />
                  )}
                </td>
              </tr>
            ))}
          </ScrollTable>
        </div>
      )}
    </section>
  );
}
