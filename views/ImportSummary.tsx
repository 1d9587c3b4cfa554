import { formatCount, formatMoney, plural } from "../src/core/format.ts";
import { numeric, ScrollTable } from "./ScrollTable.tsx";

/** One file of several dropped together, as the combined preview lists it. */
export type ImportSummaryRow = {
  id: string;
  file: string;
  version: number;
  what: string | null;
  account: string | null;
  /** Why it cannot be imported yet (its columns must be named, it cannot be read); null when it can. */
  problem: string | null;
  /** What "Import all" did with it ("imported 3 transactions"); null while it waits to be imported. */
  result: string | null;
  /** It waits for its columns to be named on its mapping screen (not a file that cannot be read at all). */
  waitsForColumns: boolean;
  /** It waits for its tick ("import anyway", "import without the bad rows"): "Import all" leaves it out. */
  waitsForTick: boolean;
  new: number;
  duplicates: number;
  possible: number;
  badOrSkipped: number;
  /** Its bad rows: the others are imported only when its “import without them” is ticked. */
  badRows: number;
  totals: { currency: string; out: number; in: number }[];
  /** The balance check: every statement checked ✓, one that does not add up (in words), or none stated. */
  balances: { status: "ok" | "off" | "none"; words: string };
  /**
   * Its new rows less those imported meanwhile and those an earlier file of the drop holds too: what it adds. Only the
   * files that "Import all" imports count against the others; a file waiting for its tick adds this to them.
   */
  willImport: number;
};

/** The files whose ticks are set: "import anyway" (balances that do not add up), "import without the bad rows". */
export type SummaryTicks = { accept: ReadonlySet<string>; skipBad: ReadonlySet<string> };

const NO_TICKS: SummaryTicks = { accept: new Set(), skipBad: new Set() };

/**
 * Why "Import all" has nothing to import, in place of a button that could do nothing ("Import all (0 transactions from 0
 * files)", disabled, stayed on the page): every file imported, files waiting for a tick, nothing new in them, or none
 * that can be read as it stands.
 */
function nothingToImport(rows: readonly ImportSummaryRow[], ready: readonly ImportSummaryRow[], waiting: number): string {
  if (waiting > 0) return "Nothing to import with the others yet: tick a file's box above to import it too.";
  // (Exports of a period with no bookings: nothing in them is imported already.)
  if (ready.length > 0 && ready.every((r) => r.new + r.duplicates + r.possible + r.badOrSkipped === 0)) return "Nothing to import: the files left hold no bookings (a period with none).";
  if (ready.length > 0) return "Nothing new to import: every row of the files left is already imported or in another file of this drop (a possible duplicate is imported from its own file's preview, once ticked there).";
  const imported = rows.filter((r) => r.result !== null).length;
  if (imported === rows.length) return "Nothing left to import: every file of this drop is imported.";
  return imported > 0 ? "Nothing left to import: the files of this drop that could be read are imported." : "Nothing to import yet: no file of this drop can be read as it stands.";
}

/**
 * Several files dropped at once (SPEC §10.1, issue 32 item 6): one line per file with its counts, money out
 * and in, and balance check, and "Import all". A statement whose balances do not add up is imported with the
 * rest only when its own tick says so; a file that cannot be read yet (its columns must be named) waits.
 * Each file's line follows its own preview when that changes (the route sends the summary again).
 */
export function ImportSummary({ group, rows, ticked = NO_TICKS }: { group: string; rows: ImportSummaryRow[]; ticked?: SummaryTicks }) {
  const ready = rows.filter((r) => r.problem === null && r.result === null);
  // What the button says is what it imports: a file waiting for its tick is not counted.
  const going = ready.filter((r) => !r.waitsForTick && r.willImport > 0);
  const waiting = ready.filter((r) => r.waitsForTick).length;
  const total = going.reduce((n, r) => n + r.willImport, 0);
  // A tick changed: the summary is drawn again with the ticks as they are (the count follows them). Each request sends
  // every box, so a newer one replaces one still on its way (page.js sends the boxes again when a summary drawn meanwhile
  // was counted with other ticks). They queue on the table, not the form: "replace" aborts whatever else the queue holds,
  // and on the form that was Import all (which sends the boxes as shown anyway, and disables them while it runs).
  const tick = { "hx-post": "/import/summary", "hx-trigger": "change", "hx-target": `#summary-${group}`, "hx-swap": "outerMorph", "hx-sync": "closest .import-summary-table:replace" };
  const money = (r: ImportSummaryRow, k: "out" | "in") => r.totals.map((t) => formatMoney(t[k], t.currency)).join(", ") || "–";
  return (
    <section class="import-summary" id={`summary-${group}`} aria-labelledby={`summary-title-${group}`}>
      <h2 id={`summary-title-${group}`}>{plural(rows.length, "file")}</h2>
      <form method="post" action="/import/all" hx-post="/import/all" hx-target={`#summary-live-${group}`} hx-swap="innerHTML" hx-disable="findAll input[type=checkbox]">
        <input type="hidden" name="group" value={group} />
        <div class="data-table import-summary-table">
          <ScrollTable
            label="The files dropped together"
            columns={["File", "Account", ...numeric("New", "Already imported", "Possible duplicates", "Bad or skipped", "Money out", "Money in"), "Balances"]}
          >
            {rows.map((r) => (
              <tr id={`summary-row-${r.id}`} class={r.problem ? "status-bad" : r.result ? "status-done" : `balances-${r.balances.status}`}>
                <td data-label="File">
                  <a href={`#file-${r.id}`}>{r.file}</a>
                  <input type="hidden" name="file" value={`${r.id}:${r.version}`} />
                </td>
                {r.problem ? (
                  <td data-label="Problem" colspan={8}>
                    {r.problem}
                  </td>
                ) : r.result ? (
                  <td data-label="Result" colspan={8}>
                    {r.result}
                  </td>
                ) : (
                  <>
                    <td data-label="Account" class={r.account ? undefined : "empty"}>
                      {r.account ?? ""}
                    </td>
                    <td class="num" data-label="New">
                      {formatCount(r.willImport)}
                      {r.new > r.willImport ? <span class="muted"> ({formatCount(r.new - r.willImport)} in another file)</span> : null}
                    </td>
                    <td class="num" data-label="Already imported">
                      {formatCount(r.duplicates)}
                    </td>
                    <td class="num" data-label="Possible duplicates">
                      {formatCount(r.possible)}
                    </td>
                    <td class="num" data-label="Bad or skipped">
                      {formatCount(r.badOrSkipped)}
                      {r.badRows > 0 ? (
                        <label class="import-accept">
                          <input type="checkbox" name="skip-bad" value={r.id} checked={ticked.skipBad.has(r.id)} {...tick} /> import without the bad rows
                        </label>
                      ) : null}
                    </td>
                    <td class="num" data-label="Money out">
                      {money(r, "out")}
                    </td>
                    <td class="num" data-label="Money in">
                      {money(r, "in")}
                    </td>
                    <td data-label="Balances">
                      {r.balances.words}
                      {r.balances.status === "off" ? (
                        <label class="import-accept">
                          <input type="checkbox" name="accept" value={r.id} checked={ticked.accept.has(r.id)} {...tick} /> import anyway
                        </label>
                      ) : null}
                    </td>
                  </>
                )}
              </tr>
            ))}
          </ScrollTable>
        </div>
        <div class="import-live" id={`summary-live-${group}`}></div>
        {going.length > 0 ? (
          <button type="submit" class="primary import-all">
            Import all ({plural(total, "transaction")} from {plural(going.length, "file")})
          </button>
        ) : (
          <p class="import-all-none" role="status">
            {nothingToImport(rows, ready, waiting)}
          </p>
        )}
        {waiting ? <p class="muted import-all-waiting">{waiting === 1 ? "1 file waits for its tick (import anyway, or import without the bad rows) and is not counted." : `${formatCount(waiting)} files wait for their tick (import anyway, or import without the bad rows) and are not counted.`}</p> : null}
        {rows.some((r) => r.waitsForColumns) ? <p class="muted">A file that cannot be read yet waits: name its columns below, then import it on its own.</p> : null}
      </form>
    </section>
  );
}
