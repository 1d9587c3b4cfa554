import { ImportFile, type ImportFileView } from "./ImportFile.tsx";
import { ImportSummary, type ImportSummaryRow } from "./ImportSummary.tsx";

/**
 * The files of one drop: with several, the combined preview first (each file's counts, money and balance
 * check, and "Import all"), then each file's own preview folded (open when it needs the user: columns to
 * name); one file is shown open.
 */
export function ImportBatch({ group, files, summary }: { group: string; files: ImportFileView[]; summary: ImportSummaryRow[] }) {
  if (files.length === 1) return <div class="import-batch">{<ImportFile v={files[0]!} />}</div>;
  return (
    <div class="import-batch">
      <ImportSummary group={group} rows={summary} />
      {files.map((f) => (
        <details class="import-file-box" open={f.problem?.needsColumns === true || f.guessed != null}>
          <summary>Preview of {f.file}</summary>
          <ImportFile v={f} />
        </details>
      ))}
    </div>
  );
}
