import { domIds } from "../src/ui/dom-ids.ts";
import type { ToolLine } from "../src/ui/turn-model.ts";

const ICONS = { running: "⋯", done: "✓", failed: "✗" } as const;

/**
 * One tool call's status line: "Analysing spending by category…", then ✓ done or ✗ did not
 * work. A failure is one short line (the model was told why and usually tries again): the
 * error itself, which may be long (say every category name), opens on demand.
 */
export function ToolStatus({ turnId, line }: { turnId: string; line: ToolLine }) {
  const label = line.label;
  const finished = label.replace(/…$/, "");
  return (
    <div class="tool" id={domIds.tool(turnId, line.id)} data-state={line.state}>
      <span class="tool-icon" aria-hidden="true">{ICONS[line.state]}</span>{" "}
      {line.state === "running" ? (
        <span class="tool-label">{label}</span>
      ) : line.state === "done" ? (
        <span class="tool-label">{finished} — done</span>
      ) : (
        <>
          <span class="tool-label">{finished} — did not work</span>{" "}
          <details class="tool-why">
            <summary>why</summary>
            <span class="tool-error">{line.error ?? "unknown error"}</span>
          </details>
        </>
      )}
    </div>
  );
}
