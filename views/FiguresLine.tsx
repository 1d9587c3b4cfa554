import { figuresLine } from "../src/ui/figure-marks.ts";
import type { AnswerFigure } from "../src/figures/types.ts";

/** Under an answer with a figure no tool result backs: "3 figures checked · 1 not found" (nothing otherwise). */
export function FiguresLine({ figures }: { figures: readonly AnswerFigure[] }) {
  const line = figuresLine(figures);
  return line ? (
    <p class="figures-line" role="note">
      <span class="fig-flag" aria-hidden="true">?</span> {line}
    </p>
  ) : null;
}
