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
 * unchecked, as before ages were read (review of r4-figctx F3). So too an age said of a name that only other tools' rows
 * carry, when data_coverage is in the turn as well: data_coverage states no merchant's age (review of r4-figmiss C).
 */
export function ageNoneStates(index: FigureIndex, answer: string, f: ReadFigure, names: readonly string[] | undefined): boolean {
  if (f.kind !== "count" || !AGE_AFTER.test(answer.slice(f.end, f.end + 24))) return false;
  if (!statesDays(index)) return true;
  // An age said of a name no stated age is of (a merchant's row: "Spotify's charge on 17 October was 16 days ago").
  const all = index.groups.flatMap((g) => g.flat);
  const rows = new Set(all.filter((s) => s.tool !== "data_coverage").flatMap((s) => s.ctx.names ?? []));
  const coverage = new Set(all.filter((s) => s.tool === "data_coverage").flatMap((s) => s.ctx.names ?? []));
  return !!names?.some((n) => rows.has(n) && !coverage.has(n));
}
