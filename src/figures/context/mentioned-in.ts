/** Every mention of a short text as one context (a chart's label or title, a table row's cells). */
import { MEASURE_IN, MEASURES, RATE_IN, RATES } from "./figure-words.ts";
import type { Lexicon } from "./lexicon.ts";
import { mentionsOf } from "./mentions.ts";
import { namesOf } from "./names.ts";
import type { FigureContext } from "./types.ts";

/** Every mention of a short text (a chart's label or title, a table row's cells), as one context: all of them count. */
export function mentionedIn(text: string, lex: Lexicon): FigureContext {
  const ctx: FigureContext = {};
  const add = <T>(list: T[] | undefined, v: T): T[] => (list?.includes(v) ? list : [...(list ?? []), v]);
  // A chart's or a table's currency is its own (never read from its labels).
  for (const m of mentionsOf(text, [], namesOf(text, lex), false)) {
    switch (m.dim) {
      case "period":
        ctx.periods = add(ctx.periods, m.period!);
        break;
      case "month":
        ctx.month ??= m.value as number;
        break;
      case "weekday":
        for (const d of m.days!) ctx.weekdays = add(ctx.weekdays, d);
        break;
      case "category":
        ctx.categories = add(ctx.categories, m.value as string);
        break;
      case "name":
        ctx.names = add(ctx.names, m.value as string);
        break;
      case "currency":
        ctx.currency ??= m.value as string;
        break;
    }
  }
  const rate = RATE_IN.exec(text);
  if (rate) ctx.per = RATES[(rate[1] ?? rate[2])!.toLowerCase()];
  // A column of usual amounts is no column of the prices now ("Usual amount" beside "Current amount").
  const measure = MEASURE_IN.exec(text);
  if (measure) ctx.measure = MEASURES[measure[1]!.toLowerCase()];
  return ctx;
}
