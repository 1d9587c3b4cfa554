/** Where a preview stands while the file is read and its new merchants are classified (streamed over SSE). */
export function ImportProgress({ label, done, total }: { label: string; done?: number; total?: number }) {
  const known = done !== undefined && total !== undefined && total > 0;
  return (
    <div class="import-progress-box" role="status">
      <span>
        {label}
        {known ? ` ${done} of ${total}` : ""}
      </span>
      {known ? <progress class="import-bar" max={total} value={done}></progress> : <progress class="import-bar"></progress>}
    </div>
  );
}
