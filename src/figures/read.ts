/**
 * The number reader (SPEC §11): finds the numbers of a text that state an amount, a
 * percentage or a count, in every common writing — de-CH (`CHF 1'234.50`, `1’234.5`,
 * `CHF 12.–`), en-US (`1,234.50`), de-DE (`1.234,50`), magnitudes (`1.2k`,
 * `CHF 1.2 million`), signs on either side of the currency (`-CHF 12.00`, `CHF -12.00`),
 * percentages (`18.6%`, `12 percent`), counts (`312 transactions`). Dates, years, times,
 * durations, ordinals, list numbers and numbers inside words or links are not figures.
 *
 * The same reader reads tool summaries (src/figures/collect.ts), the user's question and
 * the answer, so a number reads the same wherever it is written.
 */

export type FigureKind = "money" | "percent" | "count";

export type ReadFigure = {
  /** The figure as written, with its currency, sign and magnitude: "CHF 1'200", "-CHF 12.00", "1.2k", "18.6%". */
  text: string;
  /** The amount it states (a percentage as its number: 18.6 for "18.6%"). */
  value: number;
  start: number;
  end: number;
  kind: FigureKind;
  /**
   * The unit of the last digit the writing claims: 0.01 for "1'234.50", 1 for "312",
   * 100 for "1.2k". With a rounding word the writing rounds at its last non-zero digit:
   * 100 for "about CHF 1'200", 10 for "around 20%".
   */
  precision: number;
  /** A rounding or bounding word precedes it ("about", "roughly", "~", "almost", "over", …). */
  approximate: boolean;
  /** A bounding word: "almost CHF 1'300" is at most 1'300 (`under`), "over 300" at least 300 (`over`). */
  bound?: "under" | "over";
  /** The currency written with it, upper-cased ("CHF"; "$" is USD, "€" EUR, "Fr." CHF). */
  currency?: string;
};

const MONTHS =
  "jan(?:uary|\\.)?|feb(?:ruary|\\.)?|mar(?:ch|\\.)?|apr(?:il|\\.)?|may|june?|july?|aug(?:ust|\\.)?|sep(?:t(?:ember)?|\\.)?|oct(?:ober|\\.)?|nov(?:ember|\\.)?|dec(?:ember|\\.)?|januar|februar|märz|mai|juni|juli|oktober|dezember";

/** Spans whose digits are never figures: links, dates, months, times, durations, ordinals, list numbers. */
const NOT_FIGURES = new RegExp(
  [
    String.raw`(?:https?:\/\/|www\.)\S+`,
    String.raw`\b\d{4}-\d{2}(?!\d)(?:-\d{2}(?!\d))?(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?`,
    String.raw`\b\d{1,2}[./]\d{1,2}[./]\d{2,4}(?!\d)`,
    String.raw`\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?`,
    String.raw`\b\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.)(?!\p{L})`,
    String.raw`\b(?:${MONTHS})\s+\d{1,2}(?:st|nd|rd|th)?(?!\d)(?:,?\s+\d{4}(?!\d))?`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\.?\s+(?:of\s+)?(?:${MONTHS})(?!\p{L})(?:\s+\d{4}(?!\d))?`,
    String.raw`\b(?:${MONTHS})\s+\d{4}(?!\d)`,
    String.raw`\b\d+(?:st|nd|rd|th)(?!\p{L})`,
    String.raw`^[ \t]*\d{1,3}[.)](?=\s)`,
    String.raw`\b\d+[\s-]?(?:days?|weeks?|months?|years?|quarters?|hours?|minutes?|seconds?|yrs?)(?!\p{L})`,
  ].join("|"),
  "gimu",
);

/**
 * A number: de-CH/fr-CH groups (' ’ no-break space), en-US groups (,), de-DE groups with
 * a decimal comma, or ungrouped with a decimal point or a decimal comma (1–2 digits).
 * Not glued to letters, digits or separators on the left, except a currency code ("CHF12").
 */
const NUMBER =
  /(?:(?<=CHF|EUR|USD|GBP|Fr\.)|(?<![\p{L}\p{N}_'’.,/#\\]|[\p{N}\p{L}]-))(?:\d{1,3}(?:['’\u00A0\u202F]\d{3})+(?:\.\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+,\d{1,2}|\d+(?:\.\d+|,\d{1,2})?)(?!\p{N}|[.,'’]\p{N}|[-–]\p{N})/gu;

const CURRENCY = String.raw`CHF|EUR|USD|GBP|SFr\.|Fr\.|\$|€|£`;
const CURRENCY_BEFORE = new RegExp(String.raw`(?:^|[^\p{L}\p{N}])(${CURRENCY})\s?$`, "iu");
const SIGN_BEFORE = /(?:^|[\s(\[~≈:])([-−])\s?$/u;
const CURRENCY_AFTER = new RegExp(String.raw`^\s?(${CURRENCY}|francs?|Franken)(?![\p{L}])`, "iu");
const MAGNITUDE_AFTER = /^\s?(k|K|thousand|million|millions|mio\.?|Mio\.?|mn|M|bn|billion)(?![\p{L}\p{N}])/u;
const PERCENT_AFTER = /^\s?(%|percent(?:age points?)?(?!\p{L})|per cent(?!\p{L})|pct\.?(?!\p{L})|pp(?!\p{L}))/iu;
const WHOLE_FRANCS_AFTER = /^\.[–-](?![\p{N}-])/u;
const ROUNDING_WORD =
  /(?:^|[^\p{L}])(about|roughly|around|approximately|approx\.|circa|ca\.|some|close to|almost|nearly|just under|less than|under|below|at most|up to|just over|more than|over|above|at least)\s+$|([~≈])\s*$/iu;
const UNDER_WORDS = new Set(["almost", "nearly", "just under", "less than", "under", "below", "at most", "up to"]);
const OVER_WORDS = new Set(["just over", "more than", "over", "above", "at least"]);
/** A count after these words is a rank or a selection ("top 5", "the last 3"), not a figure. */
const RANK_BEFORE = /(?:^|[^\p{L}])(top|last|past|next|first|page|step|steps|no\.|nr\.|number|version|rank|ranked|level|chapter|section|item|option)\s+$/iu;

const MULTIPLIERS: Record<string, number> = { k: 1e3, thousand: 1e3, million: 1e6, millions: 1e6, mio: 1e6, "mio.": 1e6, mn: 1e6, m: 1e6, bn: 1e9, billion: 1e9 };
const CURRENCY_CODES: Record<string, string> = { "$": "USD", "€": "EUR", "£": "GBP", "fr.": "CHF", "sfr.": "CHF", franc: "CHF", francs: "CHF", franken: "CHF" };

function currencyCode(written: string): string {
  const lower = written.toLowerCase();
  return CURRENCY_CODES[lower] ?? written.toUpperCase();
}

/** A float without binary noise (1.1 × 1e6 = 1'100'000, not 1'100'000.0000000002). */
function clean(x: number): number {
  return Number(x.toPrecision(12));
}

/** The digits of a number token → its value, the decimals written and whether it has group separators. */
function parseDigits(raw: string): { value: number; decimals: number; grouped: boolean } {
  // A comma before one or two final digits is a decimal comma ("12,50", "1.234,50"); before three it groups ("1,234").
  const decimalComma = /,\d{1,2}$/.test(raw);
  const groups = decimalComma ? /[.'’\u00A0\u202F]/g : /[,'’\u00A0\u202F]/g;
  const normalised = decimalComma ? raw.replace(groups, "").replace(",", ".") : raw.replace(groups, "");
  const dot = normalised.indexOf(".");
  return { value: Number(normalised), decimals: dot < 0 ? 0 : normalised.length - dot - 1, grouped: normalised.length < raw.length };
}

function excludedSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const m of text.matchAll(NOT_FIGURES)) spans.push([m.index, m.index + m[0].length]);
  return spans;
}

/** The figures of `text`, in order. */
export function readFigures(text: string): ReadFigure[] {
  const out: ReadFigure[] = [];
  const excluded = excludedSpans(text);
  let ex = 0;
  for (const m of text.matchAll(NUMBER)) {
    const numStart = m.index;
    let numEnd = numStart + m[0].length;
    while (ex < excluded.length && excluded[ex]![1] <= numStart) ex++;
    if (ex < excluded.length && excluded[ex]![0] < numEnd) continue;

    const { value: magnitude, decimals: writtenDecimals, grouped } = parseDigits(m[0]);
    let decimals = writtenDecimals;
    let start = numStart;
    let sign = 1;
    let currency: string | undefined;

    // Left: a sign, a currency, a sign before the currency ("-CHF 12", "CHF -12", "-12").
    let before = "";
    /** Takes what `re` (anchored at the end, capturing the part to keep in group 1) finds left of `start`. */
    const take = (re: RegExp): string | null => {
      before = text.slice(Math.max(0, start - 40), start);
      const found = re.exec(before);
      if (!found) return null;
      start -= before.length - before.lastIndexOf(found[1]!);
      before = text.slice(Math.max(0, start - 40), start);
      return found[1]!;
    };
    if (take(SIGN_BEFORE)) sign = -1;
    const cur = take(CURRENCY_BEFORE);
    if (cur) {
      currency = currencyCode(cur);
      if (sign === 1 && take(SIGN_BEFORE)) sign = -1;
    }

    // Right: whole francs ("12.–"), a magnitude, a currency, a percent sign.
    let after = text.slice(numEnd, numEnd + 30);
    const whole = decimals === 0 ? WHOLE_FRANCS_AFTER.exec(after) : null;
    if (whole) {
      numEnd += whole[0].length;
      after = text.slice(numEnd, numEnd + 30);
    }
    let multiplier = 1;
    const mag = MAGNITUDE_AFTER.exec(after);
    if (mag && !grouped) {
      multiplier = MULTIPLIERS[mag[1]!.toLowerCase()] ?? 1;
      numEnd += mag[0].length;
      after = text.slice(numEnd, numEnd + 30);
    }
    if (!currency) {
      const curAfter = CURRENCY_AFTER.exec(after);
      if (curAfter) {
        currency = currencyCode(curAfter[1]!);
        numEnd += curAfter[0].length;
        after = text.slice(numEnd, numEnd + 30);
      }
    }
    const pct = !currency ? PERCENT_AFTER.exec(after) : null;
    if (pct) {
      numEnd += pct[0].length;
      after = text.slice(numEnd, numEnd + 30);
    }
    // Glued to a word it is a name or a code ("4G", "mp3", "3x"), not a figure.
    if (/^\p{L}/u.test(after)) continue;

    const kind: FigureKind = pct ? "percent" : currency || multiplier > 1 || decimals === 2 || (grouped && decimals > 0) ? "money" : "count";
    if (kind === "count" && decimals === 0 && !grouped && /^\d{4}$/.test(m[0]) && magnitude >= 1900 && magnitude <= 2100) continue; // a year
    if (kind === "count" && RANK_BEFORE.test(before)) continue;

    const word = ROUNDING_WORD.exec(before);
    const wordText = word ? (word[1] ?? word[2]!).toLowerCase() : "";
    const approximate = word !== null;
    let precision = clean(10 ** -decimals * multiplier);
    if (approximate && decimals === 0) {
      // The writing rounds at its last non-zero digit: "about 1'200" → hundreds.
      const zeros = /0*$/.exec(String(Math.round(magnitude)))![0].length;
      if (magnitude !== 0) precision = clean(10 ** Math.min(zeros, String(Math.round(magnitude)).length - 1) * multiplier);
    }
    out.push({
      text: text.slice(start, numEnd),
      value: clean(sign * magnitude * multiplier),
      start,
      end: numEnd,
      kind,
      precision,
      approximate,
      ...(UNDER_WORDS.has(wordText) ? { bound: "under" as const } : OVER_WORDS.has(wordText) ? { bound: "over" as const } : {}),
      ...(currency ? { currency } : {}),
    });
  }
  return out;
}
