/**
 * The eval's own number reader (SPEC §11.1: the eval does not score answers with the
 * product's checker, so the checker's mistakes cannot carry into the score). Deliberately
 * small and separate from src/figures: it reads amounts ("CHF 1'234.50", "1,234.50",
 * "1.2k", "-CHF 12.00"), percentages ("18.6%", "12 percent") and counts ("839 payments",
 * "Migros (839)"), notes rounding and bounding words ("about", "nearly", "over"), and leaves
 * out dates, years, times and list numbers. It shares no code with the product.
 */

export type EvalNumber = {
  text: string;
  /** The magnitude written (signs play no part in the eval's comparisons). */
  value: number;
  kind: "money" | "percent" | "count";
  /** The unit of the last digit written: 0.01 for "1'234.50", 100 for "1.2k". */
  unit: number;
  /** Written with a rounding or bounding word, or a magnitude ("k"): then it states no exact figure. */
  loose: boolean;
};

const TOKEN =
  /(?<cur1>CHF|EUR|USD|GBP|Fr\.|\$|€)?\s?(?<sign>[-−+])?\s?(?<cur2>CHF|EUR|USD|GBP|Fr\.|\$|€)?\s?(?<num>\d{1,3}(?:['’,]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?<tail>\s?(?:%|percent\b|k\b|thousand\b|million\b|CHF\b|EUR\b|USD\b|francs?\b|\.–))?/g;
const LOOSE_BEFORE = /(?:about|around|roughly|approximately|approx\.|nearly|almost|over|under|more than|less than|some|~|≈|circa)\s*$/i;
const DATE_AROUND = /^\d{4}-\d{2}|^\d{1,2}\.\d{1,2}\.\d{2,4}|^\d{1,2}:\d{2}/;

/** The numbers of `text` that state an amount, a percentage or a count. */
export function readNumbers(text: string): EvalNumber[] {
  const out: EvalNumber[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const g = m.groups!;
    const numStart = m.index! + m[0].indexOf(g.num!);
    const before = text.slice(Math.max(0, numStart - 1), numStart);
    // Inside a word, a date, a time or another number: not a figure (nor is "-14" of "2025-03-14").
    const tokenStart = m.index! + m[0].length - m[0].trimStart().length;
    const inside = /[\p{L}\d'’.,_/:-]/u;
    if ((inside.test(before) && !g.cur1 && !g.cur2 && !g.sign) || inside.test(text.slice(tokenStart - 1, tokenStart))) continue;
    if (DATE_AROUND.test(text.slice(numStart, numStart + 10))) continue;
    const after = text.slice(numStart + g.num!.length, numStart + g.num!.length + 30);
    if (/^[-–]\d|^\.\d/.test(after)) continue;
    const tail = (g.tail ?? "").trim().toLowerCase();
    const currency = g.cur1 ?? g.cur2 ?? (/^(chf|eur|usd|francs?)$/.test(tail) || tail === ".–" ? tail : "");
    const percent = tail === "%" || tail === "percent";
    const thousands = tail === "k" || tail === "thousand" ? 1e3 : tail === "million" ? 1e6 : 1;
    const digits = g.num!.replace(/['’,]/g, "");
    const decimals = digits.includes(".") ? digits.length - digits.indexOf(".") - 1 : 0;
    const grouped = digits.length < g.num!.length;
    let kind: EvalNumber["kind"];
    if (percent) kind = "percent";
    else if (currency || thousands > 1 || decimals === 2 || (grouped && decimals > 0)) kind = "money";
    else if (decimals === 0) {
      // A whole number is a count only when it counts something ("839 payments") or stands in brackets ("Migros (839)").
      const year = !grouped && /^(19|20)\d\d$/.test(digits);
      const counts =
        /^\s[\p{L}]/u.test(after) ||
        (/\(\s*$/.test(text.slice(Math.max(0, numStart - 2), numStart)) && after.startsWith(")")) ||
        // A count that ends an introduction: "New merchants in 2026: 2. …", "Unusually large payments: 108 (the 20 largest)".
        (/:\s$/.test(text.slice(Math.max(0, numStart - 2), numStart)) && /^(?:\.\s|\s\()/.test(after));
      const listNumber = /^[.)]\s/.test(after) && /(^|\n)\s*$/.test(text.slice(0, numStart));
      // A duration is no count ("over 12 months"), unless it counts months that have data.
      const duration = /^\s?(?:days?|weeks?|months?|years?)\b(?!\s+(?:with|of|have|had)\s+data)/.test(after) || /^(?:st|nd|rd|th)\b/.test(after);
      if (year || !counts || listNumber || duration) continue;
      kind = "count";
    } else continue;
    const unit = (decimals ? 10 ** -decimals : 1) * thousands;
    const loose = thousands > 1 || LOOSE_BEFORE.test(text.slice(Math.max(0, m.index! - 14), m.index!));
    out.push({ text: m[0].trim(), value: Number(digits) * thousands, kind, unit, loose });
  }
  return out;
}

/** `n` states `value` at the precision written (magnitudes; a loose writing states nothing exactly). */
export function statesExactly(n: EvalNumber, value: number): boolean {
  return !n.loose && Math.abs(n.value - Math.abs(value)) <= n.unit / 2 + 1e-9;
}

/** `n` could stand for `value` as written: exactly, or within its rounding when loose (half a unit, or 10% for a bound word). */
export function couldState(n: EvalNumber, value: number): boolean {
  const v = Math.abs(value);
  if (!n.loose) return statesExactly(n, v);
  return Math.abs(n.value - v) <= Math.max(n.unit / 2, 0.1 * n.value) + 1e-9;
}
