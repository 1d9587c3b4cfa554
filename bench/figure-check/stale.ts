/**
 * A frozen answers file (answers.md) keeps the results it was written over; a figure of a call the tools now answer
 * otherwise (a search of "Zuerich" that did not yet fold ü = ue: 9 matches then, 11 today) is one no rows of today's
 * database total, whatever its link. The product shows the links of today's check of the answer, so the figure-links
 * bench judges those: a frozen file's figure with a wrong link whose sources (value and rows) today's results no longer
 * give is judged by the figure today's check finds at its place, its links checked as any; none there, no links.
 */
import type { AnswerFigure, FigureSource } from "../../src/core/figures.ts";

/** A source's value and the rows behind it: what its links follow from, whatever its result's wording. */
const sourceKey = (s: FigureSource) => `${s.value}|${JSON.stringify(s.rows ?? null)}`;

/**
 * The figure whose links stand for `f`: `f`, or (`stale`) today's figure at its place (undefined: today finds none there).
 * `frozen`: its answers file keeps old results; `wrong`: a link of `f` is wrong over today's data; `today`: today's check
 * of the same answer (asked only for such a figure).
 */
export function judgedFigure(f: AnswerFigure, o: { frozen: boolean; wrong: boolean; today: () => readonly AnswerFigure[] }): { figure: AnswerFigure | undefined; stale: boolean } {
  if (!o.frozen || !o.wrong) return { figure: f, stale: false };
  const g = o.today().find((x) => x.start === f.start && x.end === f.end);
  const now = new Set((g ? (g.correction ?? g).sources : []).map(sourceKey));
  if ((f.correction ?? f).sources.every((s) => now.has(sourceKey(s)))) return { figure: f, stale: false };
  return { figure: g, stale: true };
}
