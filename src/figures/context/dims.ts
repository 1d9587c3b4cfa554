/** The dimensions of a context (period, weekday, category, name, currency) and how mentions fill them. */
import type { Dim, FigureContext, Mention } from "./types.ts";

export const DIMS: Dim[] = ["period", "month", "weekday", "category", "name", "currency"];

/** Sets a dimension from mentions of it (several for "Coop and Migros"). */
export function setDim(ctx: FigureContext, ms: Mention[]): void {
  const m = ms[0]!;
  switch (m.dim) {
    case "period":
      ctx.periods = ms.map((x) => x.period!);
      if (ms.every((x) => x.bound)) ctx.bound = true;
      break;
    case "month":
      if (ms.every((x) => x.bound)) ctx.bound = true;
      // Several months ("March, September and December together …") are no one month's: the figure is not said of March.
      if (ms.every((x) => x.value === m.value)) ctx.month = m.value as number;
      else ctx.months = [...new Set(ms.map((x) => x.value as number))];
      break;
    case "weekday":
      ctx.weekdays = [...new Set(ms.flatMap((x) => x.days!))];
      break;
    case "category":
      ctx.categories = [...new Set(ms.map((x) => x.value as string))];
      break;
    case "name":
      ctx.names = [...new Set(ms.map((x) => x.value as string))];
      break;
    case "currency":
      ctx.currency = m.value as string;
      break;
  }
}

/** The dimension a mention fills ("month" and "period" are one: a month with or without its year). */
export const slot = (d: Dim): Dim => (d === "month" ? "period" : d);
/** Categories and names are one subject: a figure said to be about a merchant takes no category from elsewhere. */
export const isSubject = (d: Dim) => d === "category" || d === "name";

/** What a figure said to be about (by rules 2–4) hands to the next one in its clause. */
export function handed(c: FigureContext, d: Dim): FigureContext | null {
  switch (d) {
    case "period":
    case "month":
      return c.periods ? { periods: c.periods, ...(c.bound ? { bound: c.bound } : {}) } : c.month ? { month: c.month, ...(c.bound ? { bound: c.bound } : {}) } : null;
    case "weekday":
      return c.weekdays ? { weekdays: c.weekdays } : null;
    case "category":
      return c.categories ? { categories: c.categories } : null;
    case "name":
      return c.names ? { names: c.names } : null;
    case "currency":
      return c.currency ? { currency: c.currency } : null;
  }
}

/** The categories, names and weekdays mentions name (a weekday as its number). */
export function subjectsOf(ms: Mention[]): string[] {
  return [...new Set(ms.flatMap((m) => (isSubject(m.dim) ? [String(m.value)] : m.dim === "weekday" ? m.days!.map(String) : [])))];
}
