/** How a text writes months, days, weekdays, years and currencies: the patterns and the spans they make. */
import { daysInMonth } from "../../ledger/calendar.ts";
import type { Span } from "./types.ts";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
/** A month's name, or its abbreviation with its full stop ("Sept."): a full name's full stop ends a sentence. */
const MONTH_WORD = String.raw`(?:January|February|March|April|May|June|July|August|September|October|November|December|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?)`;
const DAY_WORD = String.raw`(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun)`;
export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

export const ISO_RANGE = /(?<!\d)(\d{4})-(\d{2})-(\d{2})\s*(?:to|…|–|until|-)\s*(\d{4})-(\d{2})-(\d{2})(?!\d)/g;
export const ISO_DAY = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g;
/** A month, also in a file's name ("statement-2026-10.csv"), not inside a longer run of digits and dashes. */
export const ISO_MONTH = /(?<!\d|\d-)(\d{4})-(\d{2})(?![\d-]\d)/g;
export const DOTTED_DAY = /(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)/g;
/** "and" joins the two ends of a range only after "between" ("between January and June 2024"); else it lists two months. */
const RANGE_TO = String.raw`(?:to|–|-|until|through|(?<=\bbetween\s+[A-Za-z.]+\s+)and)`;
export const MONTH_RANGE = new RegExp(String.raw`\b(${MONTH_WORD})\s+${RANGE_TO}\s+(${MONTH_WORD})\s+((?:19|20)\d{2})\b`, "gi");
/**
 * A year written right before a month ("In 2023 March was …"; with a comma after "in", "during" or "for": "In 2025, July
 * cost …"): that month of that year ("Compared with 2024, March rose" is this year's March). Capitals only ("2025 may" is a verb).
 */
export const YEAR_MONTH = new RegExp(String.raw`\b((?:19|20)\d{2})(?:,(?<=\b(?:[Ii]n|[Dd]uring|[Ff]or)\s+\d{4},))?\s+(${MONTH_WORD})(?![\p{L}])`, "gu");
export const MONTH_YEAR = new RegExp(String.raw`\b(?:(\d{1,2})\.?\s+)?(${MONTH_WORD})(?:\s+(\d{1,2})(?:st|nd|rd|th)?,?)?\s+((?:19|20)\d{2})\b`, "gi");
export const MONTH_ALONE = new RegExp(String.raw`(?:(?<![\d.,'’])\b\d{1,2}(?:st|nd|rd|th)?\.?\s+)?\b(${MONTH_WORD})(?![\p{L}])(?:\s+\d{1,2}(?:st|nd|rd|th)?\b(?![.,'’]\d))?`, "gu");
/** A year, also possessive ("2024's total"), not a number's group ("2'024") nor its integer part ("2024.50"). */
export const YEAR = /(?<![\d'’.,-])((?:19|20)\d{2})(?!\d|['’](?!s\b)|[.,]\d|-\d)/g;
/** A range of years written with a dash or a slash ("2024–2025", "2024 - 2025", "2024/25", "2024-25"): both years, not the one (rev-uqa6 #3). */
export const YEAR_RANGE = /(?<![\d'’.,-])((?:19|20)\d{2})\s*[–—/-]\s*((?:19|20)?\d{2})(?!\d|['’]\d|[.,]\d|-\d)/g;
/**
 * A quarter or a half, with its year or without ("the second quarter", "Q3 2025", "H1", "the first half of 2025"); a
 * range of months without a year ("July to December"). Without a year it is the year written last before it in the
 * paragraph, else the turn's latest year ("this year"): answers name quarters of the year they are about.
 */
export const PART_OF_YEAR = /\b(?:(first|second|third|fourth|last|1st|2nd|3rd|4th)\s+(quarter|half)|Q([1-4])|H([12]))(?:\s+(?:of\s+)?((?:19|20)\d{2}))?(?![\p{L}\p{N}])/giu;
export const ORDINAL: Record<string, number> = { first: 1, "1st": 1, second: 2, "2nd": 2, third: 3, "3rd": 3, fourth: 4, "4th": 4, last: 4 };
export const MONTH_RANGE_BARE = new RegExp(String.raw`\b(${MONTH_WORD})\s+${RANGE_TO}\s+(${MONTH_WORD})(?!\s+(?:of\s+)?(?:19|20)\d{2})(?![\p{L}])`, "gu");

/** Words before a period that make it an end of a longer one ("until April", "since January", "to the end of October"). */
export const BOUND_BEFORE = /\b(?:until|till|since|from|to|through|after|before|by|on|stops?|ends?|ended|start(?:s|ed)?|(?:the\s+)?(?:end|start|beginning)\s+of)\s+(?:the\s+)?(?:end\s+of\s+|start\s+of\s+)?$/i;
/** Inside a bracket that is still open ("**Euros (the Italy trip in June):** €580.00"): an aside, whatever follows it. */
export const IN_ASIDE = /\([^()]*$/;
/** "this year": the latest year of the turn's own calls. */
export const THIS_YEAR = /\bthis year\b/gi;
/** "last year", "last year's": the year before the one the turn is in (check.ts lastYearOf). */
export const LAST_YEAR = /\blast year(?:['’]s)?(?![\p{L}])/giu;
export const WEEKDAY_RANGE = new RegExp(String.raw`\b(${DAY_WORD})s?\s+(?:to|–|-|through|until)\s+(${DAY_WORD})s?\b`, "g");
export const WEEKDAY = new RegExp(String.raw`\b(${DAY_WORD})(?:day)?s?\b`, "g");
export const WEEK_PARTS = /\b(weekends?|weekdays|working days)\b/gi;
export const CURRENCY_WORD = /\b(CHF|EUR|USD|GBP|francs?|euros?|dollars?)\b/gi;
export const CURRENCY_OF: Record<string, string> = { franc: "CHF", francs: "CHF", euro: "EUR", euros: "EUR", dollar: "USD", dollars: "USD" };

export const monthIndex = (w: string) => MONTHS.indexOf(w.slice(0, 3).toLowerCase()) + 1;
export const dayIndex = (w: string) => WEEKDAYS.findIndex((d) => d.startsWith(w.toLowerCase().slice(0, 3)));
export const span = (y: number, m1: number, m2 = m1): Span => ({ from: y * 10000 + m1 * 100 + 1, to: y * 10000 + m2 * 100 + daysInMonth(y, m2) });
export const day = (y: number, m: number, d: number) => y * 10000 + m * 100 + d;
export const validDay = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
