import { formatTotals, plural } from "../src/core/format.ts";
import type { RulePreview } from "../src/rules/preview.ts";
import { shadowedWords } from "../src/rules/rule-words.ts";
import { SampleCells } from "./SampleCells.tsx";
import { numeric, ScrollTable } from "./ScrollTable.tsx";

export type RulePreviewPanelProps = {
  /** What applying the rule would change now, or why it cannot be previewed (an incomplete or wrong form). */
  preview: RulePreview | null;
  problem?: string | null;
  /** The rule's category (the rows' new one). */
  category: string;
  includeManual: boolean;
  /** For a stored rule's test: the heading names it. */
  ruleId?: number;
};

/**
 * What a rule would change now (SPEC §14: "would change N rows now"): the count with its money per
 * currency (never one sum over several), the rows set by hand it leaves (unless told otherwise), the
 * rows another rule that comes first takes, and the newest rows it would change.
 */
export function RulePreviewPanel(p: RulePreviewPanelProps) {
  if (!p.preview) return <p class="rule-preview-text muted">{p.problem ?? "Fill in the rule to see what it would change."}</p>;
  const v = p.preview;
  return (
    <div class="rule-preview-body">
      <p class="rule-preview-text">
        <strong>
          {v.rows ? `Would change ${plural(v.rows, "transaction")} now` : "Would change no transaction now"}
          {v.rows ? ` (${formatTotals(v.totals)})` : ""}
        </strong>
        {v.from.length ? `: from ${v.from.map((f) => `${f.category} (${f.rows})`).join(", ")} to ${p.category}.` : "."}
      </p>
      {v.manual ? (
        <p class="rule-preview-note">
          {plural(v.manual, "transaction")} you set by hand {v.manual === 1 ? "stays as it is" : "stay as they are"}
          {p.includeManual ? "" : " (tick “Also change hand-set rows” to change them too)"}.
        </p>
      ) : null}
      {v.shadowed ? (
        <p class="rule-preview-note">{shadowedWords(v.shadowed)}</p>
      ) : null}
      {v.already ? (
        <p class="rule-preview-note muted">
          {plural(v.already, "transaction")} it matches {v.already === 1 ? "is" : "are"} in {p.category} already.
        </p>
      ) : null}
      {v.sample.length ? (
        <ScrollTable
          label={p.ruleId ? `Transactions rule ${p.ruleId} would change` : "Transactions the rule would change"}
          table={{ class: "rule-sample" }}
          caption={<caption class="sr-only">{v.rows > v.sample.length ? `The newest ${v.sample.length} of ${v.rows}` : "Every one"}</caption>}
          columns={["Date", "Merchant", ...numeric("Amount"), "Now"]}
        >
          {v.sample.map((r) => (
            <tr>
              <SampleCells row={r} />
              <td>{r.category}</td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
      {v.rows > v.sample.length ? <p class="muted">… and {plural(v.rows - v.sample.length, "more transaction")}.</p> : null}
    </div>
  );
}
