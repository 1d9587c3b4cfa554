/** The words between two figures that name nothing new (GLUE), and whether a text between them names something else. */
import type { Mention } from "./types.ts";

/**
 * Words that link a figure to the one before it without naming a new subject: linking words,
 * verbs of spending and changing, rounding and measure words, the units a count or an amount
 * is of ("41 visits, at CHF 62.35 a visit", "CHF 20.40 on average, CHF 244.80 in all").
 */
export const GLUE = new Set(
  (
    "and or then with at of for in on to from by over under per a an the its their your my our each every which who whom is was were are be been being " +
    "that this these those it so also too just only still about roughly around nearly almost some more less than as up down rose risen fell fallen grew grown " +
    "dropped increase increased decrease decreased gained lost jumped climbed higher lower average averaged averaging avg usual usually typical typically median net " +
    "total totalling totaling together altogether overall all alone both spent paid pay pays cost costs came come comes took take takes making made added adding " +
    "left remaining spare over came went goes going got gets bringing brought worth i.e e.g means meaning works out share percent cent when while where there " +
    "visit visits payment payments transaction transactions tx row rows time times order orders purchase purchases shop shops bill bills ticket tickets meal meals " +
    "instalment instalments installment installments premium premiums trip trips booking bookings month months year years week weeks day days quarter quarters " +
    "monthly yearly annual annually weekly daily quarterly franc francs euro euros dollar dollars chf eur usd like instead against compared versus vs another other's " +
    "i you we they he she it us me them yes no not here now since until after before first last next previous so far in all this that " +
    "one single once dinner dinners lunch lunches breakfast breakfasts"
  ).split(" "),
);

const ONE_OF = /^\s+of\b/i;

/** Whether `between` (the text from the figure before up to a figure) has a word that is no glue and no name the clause's mentions hold. */
export function namesOther(between: string, ms: Mention[], offset: number): boolean {
  const n = between.length;
  let i = 0;
  while (i < n) {
    if (!isLetterAt(between, i)) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && (isLetterAt(between, i) || "'’.-".includes(between[i]!))) i++;
    const word = between.slice(start, i).toLowerCase();
    // Its possessive 's dropped (by hand: this runs for every word between an answer's figures).
    const z = word.length;
    const w = z >= 2 && word.charCodeAt(z - 1) === 115 && (word.charCodeAt(z - 2) === 39 || word.charCodeAt(z - 2) === 8217) ? word.slice(0, -2) : word;
    // "one of 12 transactions" names a part of a whole: the whole is no figure of the one before.
    if (GLUE.has(w) && !(w === "one" && ONE_OF.test(between.slice(i)))) continue;
    const at = offset + start;
    if (ms.some((x) => at >= x.start && at < x.end)) continue;
    return true;
  }
  return false;
}

const LETTER = /\p{L}/u;
/** Whether `s[i]` is a letter (ASCII looked at directly: this runs for every character between an answer's figures). */
function isLetterAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c > 127 && LETTER.test(s[i]!));
}
