import { formatPercent } from "../src/core/format.ts";
import type { QualityReport } from "../src/import/quality.ts";
import { SampleCells } from "./SampleCells.tsx";
import { numeric, ScrollTable } from "./ScrollTable.tsx";

/** A check's figures (SPEC §14): accuracy, at or above the threshold, the share below it, the confident misses, and what it cost. */
export function ClassificationCheck(p: { report: QualityReport; spent: string }) {
  const r = p.report;
  const t = r.threshold.toFixed(2);
  return (
    <div class="quality-figures">
      <dl class="quality-facts">
        <dt>Accuracy</dt>
        <dd>
          <strong>{formatPercent(r.right, r.rows)}</strong> ({r.right} of {r.rows} rows as you set them)
        </dd>
        <dt>At or above {t} confidence</dt>
        <dd>
          <strong>{formatPercent(r.confidentRight, r.confident)}</strong> right ({r.confidentRight} of {r.confident})
        </dd>
        <dt>Below {t}</dt>
        <dd>
          <strong>{formatPercent(r.rows - r.confident, r.rows)}</strong> of the rows ({r.rows - r.confident})
        </dd>
      </dl>
      {r.misses.length ? (
        <ScrollTable
          label="Confident misses"
          table={{ class: "rule-sample quality-misses" }}
          caption={<caption>Confident misses: the model was sure, and wrong</caption>}
          columns={["Date", "Transaction", ...numeric("Amount"), "Yours", "The model's"]}
        >
          {r.misses.map((m) => (
            <tr>
              <SampleCells row={m} />
              <td>{m.label}</td>
              <td>
                {m.guess} ({m.confidence.toFixed(2)})
              </td>
            </tr>
          ))}
        </ScrollTable>
      ) : (
        <p>No confident misses.</p>
      )}
      <p class="muted">Cost: {p.spent}.</p>
      {r.modelError ? <p class="error">The model failed part-way ({r.modelError}): the figures cover the rows it answered.</p> : null}
    </div>
  );
}
