/** Whether an answer's age in days can be checked: only where the turn states ages (data_coverage's "21 days before today"). */
import { AGE_AFTER } from "../context/figure-words.ts";
import type { ReadFigure } from "../read.ts";
import type { FigureIndex } from "./figure-types.ts";

const stated = new WeakMap<FigureIndex, boolean>();

/** Whether some figure of the turn counts days. */
function statesDays(index: FigureIndex): boolean {
  let s = stated.get(index);
  if (s === undefined) stated.set(index, (s = index.groups.some((g) => g.kind === "count" && g.flat.some((f) => f.ctx.unit === "days"))));
  return s;
}

/**
 * An age ("61 days ago") in a turn that states none: worked out from a date the turn lists ("the bill on 2 September was
 * 61 days ago" over a search's listed day), not read from it, so no figure of the turn can back or refute it: left
 * unchecked, as before ages were read (review of r4-figctx F3).
 */
export function ageNoneStates(index: FigureIndex, answer: string, f: ReadFigure): boolean {
  return f.kind === "count" && AGE_AFTER.test(answer.slice(f.end, f.end + 24)) && !statesDays(index);
}
