/**
 * What a figure is about (SPEC §11.1, the context check): the period, weekdays, category,
 * merchant or account, currency, rate ("a month", "a year") and direction ("up", "fell")
 * written next to it, in the same clause. The same reading serves both sides: a tool's
 * summary (what each of its figures is about) and the answer (what the model says each
 * figure is about), so "Dining CHF 10'779.45" reads alike in both.
 *
 * A figure takes, per dimension:
 * 1. a mention right after it, joined by a preposition or directly ("CHF 9'850.81 in 2024",
 *    "CHF 80.00 at Restaurant Krone on Saturday", "914 grocery shops");
 * 2. else the nearest mentions before it, after the figure before it ("Groceries
 *    CHF 18'109.55", "Coop and Migros together took CHF 11'408.95");
 * 3. else what the figure before it in the clause was said to be about by rule 2 or 3
 *    ("Tibits with CHF 989.35 over 41 visits, at CHF 62.35 a visit") — also by rule 1 when this
 *    figure tells more of that one ("CHF 18'382.95 in 2024 (931 payments)"); not its period when
 *    a word like "against" or "down from" sets this figure against it ("more than the first (…)");
 * 4. else the one value of that dimension the clause mentions and no figure took.
 * A category or a name is the figure's subject: said of one, it takes neither from elsewhere.
 * A cell of a markdown table takes its own cell's mentions, its column's header, its row's first cell.
 *
 * Names are the data's own (the vocabulary): a word is a merchant because the ledger has a
 * merchant of that name, never because it looks like one.
 */
export type { FigureContext, Measure, Rate, Span, Vocabulary, Years } from "./context/types.ts";
export { EVERY_SPENDING_CATEGORY } from "./context/types.ts";
export { categoryOf, foldName, isAccount, lexiconOf, merchantSpelling, nameOf, type Lexicon } from "./context/lexicon.ts";
export { isCountOfTime, unitOfLabel, unitsAgree } from "./context/units.ts";
export { tableCells } from "./context/clauses.ts";
export { readInContext } from "./context/contexts.ts";
export { mentionedIn } from "./context/mentioned-in.ts";
export { contradicts, isNamedIn, saidOfAPart, unclassified } from "./context/conflicts.ts";
export { contextLabel, isoOf } from "./context/labels.ts";
