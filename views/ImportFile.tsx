import { READERS } from "../src/import/formats/registry.ts";
import { CHANGED_MESSAGE } from "../src/import/pending.ts";
import type { CsvMappingView } from "../src/import/user-layouts.ts";
import { ImportColumns } from "./ImportColumns.tsx";
import { ImportPreview, type ImportPreviewView, type ImportProblemView } from "./ImportPreview.tsx";

/** One dropped file as the page shows it (the route makes it from the held preview). */
export type ImportFileView = {
  id: string;
  file: string;
  version: number;
  /** What the file is and its account, in words (null: it could not be read). */
  what: string | null;
  account: string | null;
  /** The account is the one saved with the user's layout the file was read with (the file names none). */
  accountFromLayout?: true;
  /** The fields as the user set them. */
  /**
   * The fields as the user set them; `currency`: the currency of every row without its own, for a file a bank's layout
   * reads (the command line's --currency: the layout kept), absent or null for other files (their mapping screen has it).
   */
  settings: { account: string; format: string; flipSigns: boolean; columnsChosen: boolean; layout: string | null; currency?: string | null };
  /** A CSV's header and first rows with what each column holds (the mapping screen); null for other formats. */
  mapping: CsvMappingView | null;
  /**
   * The mapping screen shows a guess (nothing recognised the file): it imports once confirmed; the columns of amounts it
   * ignores; why its signs are in doubt (said beside "Flip signs"), or null.
   */
  guessed?: { ignoredAmounts: string[]; signs: string | null; why: string | null } | null;
  preview?: ImportPreviewView;
  problem?: ImportProblemView;
};

/**
 * A dropped file: its name, what it is and its account; its settings (account, format, "Flip signs", and for a file a
 * bank's layout reads its currency) — a
 * change previews again at once, as does any change on a CSV's mapping screen; the preview (or why there is
 * none); Import. While it imports, its progress shows in the status line; then the result takes its place.
 */
export function ImportFile({ v }: { v: ImportFileView }) {
  const fid = (name: string) => `${name}-${v.id}`;
  return (
    <article class="import-file" id={fid("file")} aria-labelledby={fid("name")}>
      <h2 class="import-file-name" id={fid("name")}>
        {v.file}
      </h2>
      {v.what ? (
        <p class="import-what">
          {v.what}
          {v.account ? `, account ${v.account}${v.accountFromLayout ? " (saved with the layout)" : ""}` : ""}
        </p>
      ) : null}
      <div class="import-live" id={fid("live")}></div>
      <form class="import-review" data-changed={CHANGED_MESSAGE} method="post" action={`/import/${v.id}/commit`} hx-post={`/import/${v.id}/commit`} hx-target={`#${fid("live")}`} hx-swap="innerHTML">
        <fieldset class="import-settings import-options" hx-post={`/import/${v.id}/settings`} hx-trigger="change" hx-sync="queue last" hx-target={`#${fid("file")}`} hx-swap="outerMorph">
          <legend class="sr-only">How to read {v.file}</legend>
          <label class="field" for={fid("account")}>
            <span>Account</span>
            <input type="text" name="account" id={fid("account")} value={v.settings.account} placeholder="found in the file, or e.g. Joint account" autocomplete="off" maxlength={120} />
          </label>
          <label class="field" for={fid("format")}>
            <span>Format</span>
            <select name="format" id={fid("format")}>
              <option value="auto" selected={v.settings.format === "auto"}>
                recognise it
              </option>
              {READERS.map((r) => (
                <option value={r.id} selected={v.settings.format === r.id}>
                  {r.label.replace(/`/g, "")}
                </option>
              ))}
            </select>
          </label>
          <label class="field field-check" for={fid("flip")}>
            <input type="checkbox" name="flip-signs" id={fid("flip")} value="on" checked={v.settings.flipSigns} aria-describedby={v.guessed?.signs ? fid("signs-doubt") : undefined} />
            <span>Flip signs (money out ↔ money in)</span>
          </label>
          {v.guessed?.signs ? (
            <p class="notice import-signs-doubt" id={fid("signs-doubt")} role="note">
              {v.guessed.signs}
            </p>
          ) : null}
          {typeof v.settings.currency === "string" ? (
            <label class="field" for={fid("file-currency")}>
              <span>Currency</span>
              <input type="text" name="currency" id={fid("file-currency")} value={v.settings.currency} maxlength={3} size={4} pattern="[A-Za-z]{3}" autocomplete="off" spellcheck={false} placeholder="e.g. NAD" aria-describedby={fid("file-currency-help")} />
              <small class="muted" id={fid("file-currency-help")}>the account's, for the rows without their own</small>
            </label>
          ) : null}
          {v.settings.layout ? <input type="hidden" name="layout" value={v.settings.layout} /> : null}
        </fieldset>
        {v.mapping ? <ImportColumns id={v.id} view={v.mapping} open={v.settings.columnsChosen || v.problem?.needsColumns === true || v.mapping.byContent} chosen={v.settings.columnsChosen} /> : null}
        <ImportPreview preview={v.preview} problem={v.problem} version={v.version} guessed={v.guessed} />
      </form>
    </article>
  );
}
