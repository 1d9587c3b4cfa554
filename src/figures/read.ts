/**
 * The number reader (SPEC §11): finds the numbers of a text that state an amount, a
 * percentage or a count, in every common writing — de-CH (`CHF 1'234.50`, `1’234.5`,
 * `CHF 12.–`), en-US (`1,234.50`), de-DE (`1.234,50`), magnitudes (`1.2k`,
 * `CHF 1.2 million`), signs on either side of the currency (`-CHF 12.00`, `CHF -12.00`),
 * percentages (`18.6%`, `12 percent`), percentage points (`3.6 percentage points`, `2 pp`),
 * counts (`312 transactions`, `Migros (839)`), ratios (`1.7 times`, `2.4×`, `twice`, `three
 * times`). Dates, years, times, durations, ordinals, list numbers and numbers inside words or
 * links are not figures.
 *
 * The same reader reads tool summaries (src/figures/collect.ts), the user's question and
 * the answer, so a number reads the same wherever it is written.
 */

/** `points`: percentage points (a difference of two percentages); `ratio`: "1.7 times" as much. */
export type FigureKind = "money" | "percent" | "count" | "points" | "ratio";

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
  /** What a count counts when its answer table's column header says so (table.ts): "rows", "merchants", "months". */
  unit?: string;
  /** Read from an answer table's cell under a header that says its cells are counts (table.ts): a count of things, never an amount. */
  tableCount?: true;
  /** A ratio followed by what it compares with ("22 times November's", "3 times the rent"): no count of times. */
  compares?: true;
};

const MONTHS =
  "jan(?:uary|\\.)?|feb(?:ruary|\\.)?|mar(?:ch|\\.)?|apr(?:il|\\.)?|may|june?|july?|aug(?:ust|\\.)?|sep(?:t(?:ember)?|\\.)?|oct(?:ober|\\.)?|nov(?:ember|\\.)?|dec(?:ember|\\.)?|januar|februar|märz|mai|juni|juli|oktober|dezember";

/**
 * What follows a count of days that makes it an age: "309 days ago", "21 days before today", "370 days old". Not "5 days
 * before the rent" (a gap between two days) nor "90 days back" (a window): neither is an age the data states.
 */
export const AGE_WORDS = String.raw`\s+(?:ago|old|before\s+(?:today|now))\b`;
/**
 * Writings that begin at a number's first digit and make it no figure: dates (2025-03,
 * 14.03.2025, 12.2025), times (14:30, 9 am), a day before a month (14 March), ordinals (3rd),
 * durations (12 months, a 3-month window). Tried only where a number starts (sticky). Not an age in days ("309 days
 * ago", "21 days before today", "370 days old"): a count of days, which data_coverage states and an answer repeats.
 */
const NOT_A_FIGURE_AT = new RegExp(
  [
    String.raw`\d{4}-\d{2}(?!\d)`,
    String.raw`\d{1,2}[./]\d{1,2}[./]\d{2,4}(?!\d)`,
    String.raw`\d{1,2}\.(?:19|20)\d{2}(?![\d'’])`,
    String.raw`\d{1,2}:\d{2}`,
    String.raw`\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.)(?!\p{L})`,
    String.raw`\d{1,2}(?:st|nd|rd|th)?\.?\s+(?:of\s+)?(?:${MONTHS})(?!\p{L})`,
    String.raw`\d+(?:st|nd|rd|th)(?!\p{L})`,
    // A year after "the last" or "the first" and before a currency's name in the singular ("the last 2025 franc
    // transaction"): the year those rows are of. Not "2060 euro" alone nor "a 2060 euro bill": amounts (review F1).
    String.raw`(?<=\b(?:last|first|latest|earliest|newest|oldest)\s)(?:19|20)\d{2}\s(?:franc|euro|dollar)(?!\p{L})`,
    // A window, not an age: "in the 30 days before today", "over the last 90 days before now".
    String.raw`(?<=\b(?:the|last|past|next|first|within|over)\s)\d+\s?days?\s+before\s+(?:today|now)(?!\p{L})`,
    String.raw`\d+[\s-]?(?:days?(?!${AGE_WORDS})|weeks?|months?|years?|quarters?|hours?|minutes?|seconds?|yrs?)(?!\p{L})`,
  ].join("|"),
  "iuy",
);
/** A month name just before a number: "March 14", "March 2025". */
const MONTH_BEFORE = new RegExp(String.raw`(?:^|[^\p{L}])(?:${MONTHS})\s+$`, "iu");
/** A year and a dash or a slash just before a number: "2024–25". */
const YEAR_RANGE_BEFORE = /(?<!\d)((?:19|20)\d{2})\s?[–—/-]\s?$/;
/** A list number: alone at the start of its line, followed by "." or ")" and a space. */
const LIST_NUMBER_AFTER = /^[.)]\s/;

/**
 * A number: de-CH/fr-CH groups (' ’ no-break space), en-US groups (,), de-DE groups with
 * a decimal comma, or ungrouped with a decimal point or a decimal comma (1–2 digits).
 * Not glued to letters, digits or separators on the left, except a currency code ("CHF12").
 */
const NUMBER =
  /(?:(?<=CHF|EUR|USD|GBP|Fr\.)|(?<![\p{L}\p{N}_'’.,/#:\\]|[\p{N}\p{L}]-))(?:\d{1,3}(?:['’\u00A0\u202F]\d{3})+(?:\.\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+,\d{1,2}|\d+(?:\.\d+|,\d{1,2})?)(?!\p{N}|[.,'’]\p{N}|[-–]\p{N})/gu;

const CURRENCY = String.raw`CHF|EUR|USD|GBP|SFr\.|Fr\.|\$|€|£`;
const CURRENCY_BEFORE = new RegExp(String.raw`(?:^|[^\p{L}\p{N}])(${CURRENCY})\s?$`, "iu");
const SIGN_BEFORE = /(?:^|[\s(\[~≈:])([-−])\s?$/u;
/** A currency after a number, unless it is the next number's ("Dining / 2024 CHF 11'031.15"). */
const CURRENCY_AFTER = new RegExp(String.raw`^\s?(${CURRENCY}|francs?|Franken|euros?|dollars?)(?![\p{L}])(?!\s?[-−+]?\d)`, "iu");
const MAGNITUDE_AFTER = /^\s?(k|K|thousand|million|millions|mio\.?|Mio\.?|mn|M|bn|billion)(?![\p{L}\p{N}])/u;
const PERCENT_AFTER = /^\s?(%|percent(?!\p{L})|per cent(?!\p{L})|pct\.?(?!\p{L}))/iu;
const POINTS_AFTER = /^\s?(percentage[ -]points?|%[ -]points?|points?|pp|pts?\.?)(?!\p{L})/iu;
/** "1.7 times", "2.4×", "3x": a ratio ("85.8 × the usual" in a tool's summary). */
const TIMES_AFTER = /^\s?(times|×|x)(?![\p{L}\p{N}])/u;
/** A rate right after "times": a frequency ("32.5 times a month", "7.5 times per week"), not a ratio ("1.9 times a month's groceries" is one). */
const FREQUENCY_AFTER = /^\s+(?:a|per|each|every)\s+(?:month|week|day|year|quarter)(?![\p{L}'’])/iu;
/** Ratios written in words, when they compare ("twice as high", "three times the rent"; "charged twice" counts). */
const WORD_RATIO = /(?<![\p{L}\p{N}])(twice|thrice|(two|three|four|five|six|seven|eight|nine|ten)\s+times)(?=\s+(?:as|the|that|what|my|your|its|his|her|their|our)\b)/giu;
const MAYBE_WORD_RATIO = /twice|thrice| times/i;
const WORD_NUMBERS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
/** A count in brackets after a name or a figure: "Migros (839)", "CHF 1'905.95 (59)". */
const BRACKET_COUNT_BEFORE = /[\p{L}\p{N}%.]\s\($/u;
const WHOLE_FRANCS_AFTER = /^\.[–-](?![\p{N}-])/u;
/** Rounding words, and the bounding ones (which also say on which side the true figure lies). */
const ROUNDING_WORDS = new Set(["about", "roughly", "around", "approximately", "approx.", "circa", "ca.", "some", "close to"]);
const CLOSE_BELOW_WORDS = new Set(["almost", "nearly", "just under"]);
const UNDER_WORDS = new Set(["almost", "nearly", "just under", "less than", "under", "below", "at most", "up to"]);
const OVER_WORDS = new Set(["just over", "more than", "over", "above", "at least"]);
/** A count after these words is a rank or a selection ("top 5", "the last 3"), not a figure. */
const RANK_WORDS = new Set(["top", "last", "past", "next", "first", "page", "step", "steps", "no.", "nr.", "number", "version", "rank", "ranked", "level", "chapter", "section", "item", "option"]);

/** A verb of adding up before "up to": the figure is the total, not a bound. */
const TOTAL_UP_TO = /\b(?:add(?:s|ed|ing)?|sum(?:s|med|ming)?|came|comes?|coming|totall?(?:ed|ing)?)\s+up\s+to\s*$/i;

/** "over" or "under" right after a figure ("CHF 1'062.15, over …"). */
const AFTER_A_FIGURE = /\d(?:[.–-]+)?\s?(?:%|[A-Za-z]{1,8})?\)?,?\s+(?:over|under)\s+$/;

const LETTER = /\p{L}/u;
/** Whether the character at `i` is a letter or a dot (read by its code: no one-character string for the ASCII ones). */
const isLetterOrDotAt = (text: string, i: number) => {
  const x = text.charCodeAt(i);
  return x === 46 || (x >= 65 && x <= 90) || (x >= 97 && x <= 122) || (x > 127 && LETTER.test(text[i]!));
};

/**
 * The word (and the two words) right before `end`, lower-cased: "Spent about " → ["about",
 * "spent about"]. Scanned by hand: this runs for every number of every answer.
 */
function wordsBefore(text: string, end: number): [string, string] {
  let i = end;
  while (i > 0 && text.charCodeAt(i - 1) === 32) i--;
  const e1 = i;
  while (i > 0 && isLetterOrDotAt(text, i - 1)) i--;
  const one = text.slice(i, e1).toLowerCase();
  let j = i;
  while (j > 0 && text.charCodeAt(j - 1) === 32) j--;
  const e2 = j;
  while (j > 0 && isLetterOrDotAt(text, j - 1)) j--;
  return [one, j < e2 ? `${text.slice(j, e2).toLowerCase()} ${one}` : one];
}

const isRoundingWord = (w: string) => ROUNDING_WORDS.has(w) || UNDER_WORDS.has(w) || OVER_WORDS.has(w);
/** The rounding or bounding word before a number: the two words before it ("close to"), else the one (wordsBefore's pair). */
const roundingWord = (phrase: string, word: string) => (isRoundingWord(phrase) ? phrase : isRoundingWord(word) ? word : "");

const MULTIPLIERS: Record<string, number> = { k: 1e3, thousand: 1e3, million: 1e6, millions: 1e6, mio: 1e6, "mio.": 1e6, mn: 1e6, m: 1e6, bn: 1e9, billion: 1e9 };
const CURRENCY_CODES: Record<string, string> = {
  "$": "USD",
  "€": "EUR",
  "£": "GBP",
  "fr.": "CHF",
  "sfr.": "CHF",
  franc: "CHF",
  francs: "CHF",
  franken: "CHF",
  euro: "EUR",
  euros: "EUR",
  dollar: "USD",
  dollars: "USD",
};

function currencyCode(written: string): string {
  if (/^[A-Z]{3}$/.test(written)) return written;
  const lower = written.toLowerCase();
  return CURRENCY_CODES[lower] ?? written.toUpperCase();
}

/**
 * The matches of a global regular expression in `text`, without the copy of the expression
 * String.matchAll makes (a copy per call costs more than the search in a paragraph).
 */
export function allMatches(re: RegExp, text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push(m);
    if (m[0] === "") re.lastIndex++;
  }
  re.lastIndex = 0;
  return out;
}

/** 10^-d for the decimals a number may have: looked up, not computed, for every number of every answer. */
const UNITS = [1, 0.1, 0.01, 0.001, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10];

/** A float without binary noise (1.1 × 1e6 = 1'100'000, not 1'100'000.0000000002). */
function clean(x: number): number {
  return Number(x.toPrecision(12));
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** Digits, maybe with a decimal point and digits after it (/^\d+(?:\.\d+)?$/, scanned: this runs for every number). */
function plainDecimal(raw: string): boolean {
  const n = raw.length;
  let i = 0;
  while (i < n && isDigit(raw.charCodeAt(i))) i++;
  if (i === 0 || i === n) return i === n && n > 0;
  if (raw.charCodeAt(i) !== 46) return false;
  let j = i + 1;
  while (j < n && isDigit(raw.charCodeAt(j))) j++;
  return j === n && j > i + 1;
}

/** The digits of a number token → its value, the decimals written and whether it has group separators. */
function parseDigits(raw: string): { value: number; decimals: number; grouped: boolean } {
  if (plainDecimal(raw)) {
    const dot = raw.indexOf(".");
    return { value: Number(raw), decimals: dot < 0 ? 0 : raw.length - dot - 1, grouped: false };
  }
  // A comma before one or two final digits is a decimal comma ("12,50", "1.234,50"); before three it groups ("1,234").
  const decimalComma = /,\d{1,2}$/.test(raw);
  const groups = decimalComma ? /[.'’\u00A0\u202F]/g : /[,'’\u00A0\u202F]/g;
  const normalised = decimalComma ? raw.replace(groups, "").replace(",", ".") : raw.replace(groups, "");
  const dot = normalised.indexOf(".");
  return { value: Number(normalised), decimals: dot < 0 ? 0 : normalised.length - dot - 1, grouped: normalised.length < raw.length };
}

/** The word a number stands in (up to the spaces around it), when it is a link: "https://x.ch/report/2345", "www.x.ch/1". */
function inLink(text: string, start: number): boolean {
  let i = start;
  while (i > 0 && text.charCodeAt(i - 1) > 32) i--;
  const word = text.slice(i, start);
  return word.includes("://") || word.startsWith("www.");
}

/**
 * Whether the character at `i` may open or continue what `marks` lists: one of them, or a space or any character
 * beyond ASCII (which a case-insensitive expression may fold onto one). A look before an expression that needs one of
 * them there: when it says no, the expression cannot match.
 */
function mayBe(text: string, i: number, marks: string): boolean {
  const c = text.charCodeAt(i);
  return c <= 32 || c >= 128 || marks.includes(text[i]!);
}

/** What may follow the leading digits of a date, a time, a duration or an ordinal (NOT_A_FIGURE_AT). */
const NOT_A_FIGURE_MARKS = "-./:apsnrtdwmyqhAPSNRTDWMYQH";
/** What a magnitude, a currency, percentage points, a percent sign or a ratio written after a number starts with. */
const MAGNITUDE_MARKS = "kKtmMb";
const CURRENCY_MARKS = "cCeEuUgGsSfFdD$";
const POINTS_MARKS = "pP%";
const TIMES_MARKS = "tx";

/** Whether `after` (the text right after a number) may start, maybe after one space, with one of `marks`. */
const opensWith = (after: string, marks: string) => after.length > 0 && (mayBe(after, 0, marks) || (after.length > 1 && mayBe(after, 1, marks)));

/** Whether one of the `window` characters before `at` is a minus sign (- or −). */
function minusWithin(text: string, at: number, window: number): boolean {
  for (let i = Math.max(0, at - window); i < at; i++) {
    const c = text.charCodeAt(i);
    if (c === 45 || c === 8722) return true;
  }
  return false;
}

/** Digits that are part of a date, a time, a duration, an ordinal, a list number or a link. */
function notAFigure(text: string, start: number, end: number, raw: string): boolean {
  // Each writing of NOT_A_FIGURE_AT goes on from the number's leading digits with one of its marks.
  let d = start;
  while (d < text.length && text.charCodeAt(d) >= 48 && text.charCodeAt(d) <= 57) d++;
  if (d < text.length && mayBe(text, d, NOT_A_FIGURE_MARKS)) {
    NOT_A_FIGURE_AT.lastIndex = start;
    if (NOT_A_FIGURE_AT.test(text)) return true;
  }
  if (raw.length <= 2 || raw.length === 4) {
    // A month's name ends in a space before the number.
    if (start > 0 && mayBe(text, start - 1, "") && MONTH_BEFORE.test(text.slice(Math.max(0, start - 12), start))) return true;
    // The second year of a range of years ("2024–25", "2024 - 2025", rev-uqa6 #3).
    const y1 = start > 4 ? YEAR_RANGE_BEFORE.exec(text.slice(Math.max(0, start - 7), start)) : null;
    if (y1 && (raw.length === 2 ? Number(raw) === (Number(y1[1]) + 1) % 100 : Number(raw) > Number(y1[1]) && Number(raw) - Number(y1[1]) <= 10)) return true;
  }
  if (raw.length <= 3 && LIST_NUMBER_AFTER.test(text.slice(end, end + 2))) {
    const lineStart = text.lastIndexOf("\n", start - 1) + 1;
    if (text.slice(lineStart, start).trim() === "") return true;
  }
  return inLink(text, start);
}

/**
 * The figures of `text`, in order. `counts: "bare"` reads a whole number standing alone as a
 * count too ("Unusually large payments: 108 (the 20 largest …)"): for the tools' summaries,
 * which write no stray numbers; an answer's counts must count something.
 */
export function readFigures(text: string, opts: { counts?: "bare" } = {}): ReadFigure[] {
  const out: ReadFigure[] = [];
  /** Bare whole numbers of an answer: figures only beside a count of the same thing (withElliptic). */
  const pending: ReadFigure[] = [];
  for (const m of allMatches(NUMBER, text)) {
    const numStart = m.index;
    let numEnd = numStart + m[0].length;
    if (notAFigure(text, numStart, numEnd, m[0])) continue;

    const { value: magnitude, decimals: writtenDecimals, grouped } = parseDigits(m[0]);
    let decimals = writtenDecimals;
    let start = numStart;
    let sign = 1;
    let currency: string | undefined;

    // Left: a sign, a currency, a sign before the currency ("-CHF 12", "CHF -12", "-12").
    /** Takes what `re` (anchored at the end, capturing the part to keep in group 1) finds in the `window` characters left of `start`. */
    const take = (re: RegExp, window: number): string | null => {
      const near = text.slice(Math.max(0, start - window), start);
      const found = re.exec(near);
      if (!found) return null;
      start -= near.length - near.lastIndexOf(found[1]!);
      return found[1]!;
    };
    // Cheap looks first: most numbers have no sign and no currency before them.
    if (minusWithin(text, start, 3) && take(SIGN_BEFORE, 3)) sign = -1;
    const cur = /[A-Za-z.$€£]\s?$/.test(text.slice(Math.max(0, start - 2), start)) ? take(CURRENCY_BEFORE, 6) : null;
    if (cur) {
      currency = currencyCode(cur);
      if (sign === 1 && take(SIGN_BEFORE, 3)) sign = -1;
    }
    const before = text.slice(Math.max(0, start - 3), start);

    // Right: whole francs ("12.–"), a magnitude, a currency, a percent sign.
    let after = text.slice(numEnd, numEnd + 24);
    const whole = decimals === 0 ? WHOLE_FRANCS_AFTER.exec(after) : null;
    if (whole) {
      numEnd += whole[0].length;
      after = text.slice(numEnd, numEnd + 24);
    }
    let multiplier = 1;
    const mag = opensWith(after, MAGNITUDE_MARKS) ? MAGNITUDE_AFTER.exec(after) : null;
    if (mag && !grouped) {
      multiplier = MULTIPLIERS[mag[1]!.toLowerCase()] ?? 1;
      numEnd += mag[0].length;
      after = text.slice(numEnd, numEnd + 24);
    }
    if (!currency) {
      const curAfter = opensWith(after, CURRENCY_MARKS) ? CURRENCY_AFTER.exec(after) : null;
      if (curAfter) {
        currency = currencyCode(curAfter[1]!);
        numEnd += curAfter[0].length;
        after = text.slice(numEnd, numEnd + 24);
      }
    }
    const unitMark = !currency && opensWith(after, POINTS_MARKS);
    const points = unitMark ? POINTS_AFTER.exec(after) : null;
    const pct = unitMark && !points ? PERCENT_AFTER.exec(after) : null;
    const timesMark = !currency && !points && !pct && multiplier === 1 && opensWith(after, TIMES_MARKS) ? TIMES_AFTER.exec(after) : null;
    // "32.5 times a month", "7.5 times per week": how often, a count at a rate, no ratio of two figures.
    const times = timesMark && !FREQUENCY_AFTER.test(after.slice(timesMark[0].length)) ? timesMark : null;
    const unit = points ?? pct ?? times;
    if (unit) {
      numEnd += unit[0].length;
      after = text.slice(numEnd, numEnd + 24);
    }
    // Glued to a word it is a name or a code ("4G", "mp3", "3.OG"), not a figure.
    if (/^\p{L}|^\.\p{Lu}{2}/u.test(after)) continue;

    const kind: FigureKind = points ? "points" : pct ? "percent" : times ? "ratio" : currency || multiplier > 1 || decimals === 2 || (grouped && decimals > 0) ? "money" : "count";
    if (kind === "count" && decimals === 0 && !grouped && /^\d{4}$/.test(m[0]) && magnitude >= 1900 && magnitude <= 2100) continue; // a year
    // A bare count is a figure only as a count of something: "312 transactions", "Migros (839)", not "(1)" or "Groceries: 3".
    const bracketed = after.startsWith(")") && BRACKET_COUNT_BEFORE.test(text.slice(Math.max(0, start - 3), start));
    let elliptic = false;
    if (kind === "count" && !grouped && decimals === 0 && !/^\s?\p{L}/u.test(after) && !bracketed) {
      // A summary's bare counts: not its list numbers ("; 2. Migros").
      if (opts.counts === "bare") {
        // A list opens with "1." after a colon or the sentence that leads to it ("CHF: 1. Coop …; 2. Migros …", "… at 2
        // merchants. 1. Helsana …"): another number after a colon ends its sentence ("New merchants …: 5. Immo AG …").
        if (/^\.\s\p{L}/u.test(after) && (/;\s*$|^\s*$/.test(text.slice(Math.max(0, start - 3), start)) || (magnitude === 1 && /[:.]\s*$/.test(text.slice(Math.max(0, start - 3), start))))) continue;
      } else if (/^\s?(?:$|[,.;)]|\s(?:and|or|in|for|vs\.?|against)\b|\s\((?!\d))/u.test(after)) elliptic = true;
      else continue;
    }
    const [word, phrase] = wordsBefore(text, start);
    if (kind === "count" && (RANK_WORDS.has(word) || before.endsWith("#"))) continue;

    const tight = before.trimEnd();
    const sign2 = tight.endsWith("~") || tight.endsWith("≈");
    let rounding = sign2 ? "~" : roundingWord(phrase, word);
    // "added up to CHF 1'148.20", "came up to": a total, not a bound.
    if (rounding === "up to" && TOTAL_UP_TO.test(text.slice(Math.max(0, start - 24), start))) rounding = "";
    // "CHF 1'062.15 over 10 purchases": after an amount, "over" spreads it over a count, it bounds nothing.
    if (kind === "count" && (rounding === "over" || rounding === "under") && AFTER_A_FIGURE.test(text.slice(Math.max(0, start - 40), start))) rounding = "";
    const approximate = rounding !== "";
    let precision = multiplier === 1 ? (UNITS[decimals] ?? 10 ** -decimals) : clean(10 ** -decimals * multiplier);
    // "Nearly" a figure written in thousands or millions ("nearly CHF 20k") is within its unit: 18.8k is not nearly
    // 20k. Looser bounds ("over CHF 10k", "less than 5k") keep the precision of their trailing zeros.
    const boundInUnits = multiplier !== 1 && CLOSE_BELOW_WORDS.has(rounding);
    if (approximate && decimals === 0 && magnitude !== 0 && !boundInUnits) {
      // The writing rounds at its last non-zero digit: "about 1'200" → hundreds.
      const digits = String(Math.round(magnitude));
      const zeros = digits.length - digits.replace(/0+$/, "").length;
      precision = clean(10 ** Math.min(zeros, digits.length - 1) * multiplier);
      // A one and zeros ("about CHF 100'000", "about 1'000", "about 10k") rounds at the digit after the one: at the one itself
      // it would stand for anything from half to one and a half times it (CHF 50'000.00 was "about CHF 100'000").
      // Only amounts said to be about that much: a bound ("over CHF 10k") holds as written, a count of ten is a count.
      if (kind === "money" && !UNDER_WORDS.has(rounding) && !OVER_WORDS.has(rounding) && precision >= Math.abs(magnitude * multiplier) && digits.length > 1) precision = clean(precision / 10);
    }
    const figure: ReadFigure = {
      text: text.slice(start, numEnd),
      value: multiplier === 1 ? sign * magnitude : clean(sign * magnitude * multiplier),
      start,
      end: numEnd,
      kind,
      precision,
      approximate,
    };
    if (UNDER_WORDS.has(rounding)) figure.bound = "under";
    else if (OVER_WORDS.has(rounding)) figure.bound = "over";
    if (currency) figure.currency = currency;
    (elliptic ? pending : out).push(figure);
  }
  return wordRatios(text, pending.length ? withElliptic(text, out, pending) : out);
}

/**
 * Bare whole numbers of an answer, at the end of a clause, that count what a count of their
 * sentence counts ("Dining had 390 payments in 2024, in 2025 394"): figures, in order with the
 * others. Alone, a bare number counts nothing.
 */
function withElliptic(text: string, out: ReadFigure[], pending: ReadFigure[]): ReadFigure[] {
  const sentence = (at: number) => {
    let s = at;
    while (s > 0 && text[s - 1] !== "\n" && !(/[.!?]/.test(text[s - 1]!) && /\s/.test(text[s] ?? " "))) s--;
    let e = at;
    while (e < text.length && text[e] !== "\n" && !(/[.!?]/.test(text[e]!) && /\s|$/.test(text[e + 1] ?? ""))) e++;
    return [s, e] as const;
  };
  const kept = pending.filter((p) => {
    const [s, e] = sentence(p.start);
    return out.some((f) => f.kind === "count" && f.start >= s && f.end <= e && /^\s?\p{L}/u.test(text.slice(f.end, f.end + 2)));
  });
  return kept.length ? [...out, ...kept].sort((a, b) => a.start - b.start) : out;
}

/** The figures of `text` with its ratios written in words ("twice", "three times") merged in, in order. */
function wordRatios(text: string, figures: ReadFigure[]): ReadFigure[] {
  if (!MAYBE_WORD_RATIO.test(text)) return figures;
  const words: ReadFigure[] = [];
  for (const m of allMatches(WORD_RATIO, text)) {
    const w = m[1]!.toLowerCase();
    const value = w === "twice" ? 2 : w === "thrice" ? 3 : WORD_NUMBERS[m[2]!.toLowerCase()]!;
    const [word, phrase] = wordsBefore(text, m.index);
    const rounding = roundingWord(phrase, word);
    // A ratio in words is loose: "twice" stands for 1.9 to 2.1.
    const f: ReadFigure = { text: m[0], value, start: m.index, end: m.index + m[0].length, kind: "ratio", precision: 0.2, approximate: rounding !== "" };
    if (UNDER_WORDS.has(rounding)) f.bound = "under";
    else if (OVER_WORDS.has(rounding)) f.bound = "over";
    words.push(f);
  }
  if (!words.length) return figures;
  return [...figures, ...words].sort((a, b) => a.start - b.start);
}
