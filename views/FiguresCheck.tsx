import { corrections, figuresLine } from "../src/ui/figure-marks.ts";
import type { AnswerFigure } from "../src/core/figures.ts";
import { domIds } from "../src/ui/dom-ids.ts";

/**
 * Under an answer (SPEC §11, §11.1): "3 figures checked · 1 not found" when a figure no tool
 * result backs, and after the repair round "5 figures checked · 2 corrected · 1 not found" with a
 * "Checked:" note that states each correction. Empty otherwise; its id lets the repair round replace it.
 */
export function FiguresCheck({ turnId, figures }: { turnId: string; figures: readonly AnswerFigure[] }) {
  const line = figuresLine(figures);
  const fixed = corrections(figures);
  return (
    <div class="figures-check" id={domIds.figuresCheck(turnId)}>
      {line ? (
        <p class="figures-line" role="note">
          <span class="fig-flag" aria-hidden="true">?</span> {line}
        </p>
      ) : null}
      {fixed.length ? (
        <div class="figures-checked" role="note">
          <strong>Checked:</strong>
          <ul>
            {fixed.map((c) => (
              <li>{c}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
