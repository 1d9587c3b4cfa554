import type { Child } from "hono/jsx";

export type ClassificationQualityProps = {
  /** Rows set by hand (the labels), and what checking them asks of the model, in words (null: none yet). */
  labelled: number;
  checkCost: string | null;
  /** Unsure rows (below `threshold`), how many the user's rules file, and what asking the model about the rest takes, in words. */
  threshold: number;
  unsure: number;
  byRule: number;
  againCost: string | null;
  /** Whether a model is configured (else the check cannot run, and only rules classify again). */
  model: boolean;
  /** A check's outcome (ClassificationCheck), once run. */
  result?: Child;
};

/**
 * How good the classification is (SPEC §14): check it against the rows the user set by hand, and
 * classify the unsure rows again. Each button says what the model will cost before it is pressed.
 */
export function ClassificationQuality(p: ClassificationQualityProps) {
  const t = p.threshold.toFixed(2);
  return (
    <section class="rule-quality" aria-labelledby="quality-heading" id="quality">
      <h2 id="quality-heading">How good is the classification?</h2>
      <p class="muted">
        The rows you set by hand are your own labels: the check classifies them again blind (the model alone, without your corrections of those merchants)
        and compares. Nothing is changed.
      </p>
      {p.labelled === 0 ? (
        <p>No row is set by hand yet: edit a transaction's category and it becomes one of your labels.</p>
      ) : !p.model ? (
        <p>{p.labelled} rows are set by hand. Checking them needs the model (an API key).</p>
      ) : (
        <form hx-post="/rules/quality/check" hx-target="#quality-result" hx-swap="innerHTML" class="inline-form quality-check">
          <input type="hidden" name="threshold" value={String(p.threshold)} />
          <button type="submit">Check against {p.labelled} hand-set rows</button>
          <span class="muted cost">{p.checkCost}</span>
        </form>
      )}
      <div id="quality-result" class="quality-result" aria-live="polite">
        {p.result}
      </div>
      <h3>Unsure rows</h3>
      {p.unsure === 0 ? (
        <p class="muted">No row was classified with a confidence below {t}.</p>
      ) : (
        <form method="post" action="/rules/reclassify" hx-post="/rules/reclassify" hx-target="#toast" hx-swap="innerHTML" class="inline-form reclassify">
          <input type="hidden" name="threshold" value={String(p.threshold)} />
          <p>
            {p.unsure} rows were classified with a confidence below {t}
            {p.byRule ? `; your rules file ${p.byRule} of them` : ""}. {p.model ? `Classifying them again takes ${p.againCost}.` : "Without a model only your rules classify them again."} A
            row takes the new answer only when it is surer; you can undo it.
          </p>
          <button type="submit">Classify unsure rows again</button>
        </form>
      )}
    </section>
  );
}
