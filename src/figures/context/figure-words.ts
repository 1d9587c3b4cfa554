/** Words next to a figure that say its rate, measure, balance, total, direction, action, budget side or items. */
import { AGE_WORDS } from "../read.ts";
import type { Measure, Rate } from "./types.ts";

export const RATE_AFTER = /^\s*(?:(?:a|per|each|every|\/)\s*(month|year|week|day|quarter)\b|(monthly|yearly|annually|weekly|daily|quarterly)\b)/i;
export const RATE_BEFORE = /(?:\b(monthly|yearly|annual|annually|weekly|daily|quarterly)(?:\s+(?:cost|costs|total|amount|fee|price|bill))?:?|\bper\s+(month|year|week|day|quarter))\s*\(?\s*$/i;
/** A rate a few words after a figure ("203 rows a month", "CHF 2'950 saved per month", "CHF 14'700 in an average month") or before it in its clause ("Per month you put aside …"). */
export const RATE_NEAR_AFTER = /^\s*(?:[\p{L}]+\s+){0,3}?(?:(?:a|an|per|each|every)\s+(?:average\s+|typical\s+|normal\s+)?(month|year|week|day|quarter)\b|(monthly|yearly|annually|weekly|daily|quarterly)\b)/iu;
/** Two figures sharing the rate written after the second: " and EUR 9.20 a day", " or CHF 61 a week". */
export const SHARED_RATE = /^\s+(?:and|or)\s+(?:about\s+|around\s+|roughly\s+)?(?:(?:CHF|EUR|USD|GBP|Fr\.)\s?|[€$£])?\d[\d'’.,]*(?:\s?(?:CHF|EUR|USD|GBP))?\s+(?:a|an|per|each|every)\s+(month|year|week|day|quarter)\b/i;
export const RATE_NEAR_BEFORE = /(?:\b(?:per|a|each|every)\s+(month|week|day|quarter)\b|\b(monthly|weekly|daily|quarterly)\b)[^;]*$/i;
export const RATES: Record<string, Rate> = { month: "month", monthly: "month", year: "year", yearly: "year", annual: "year", annually: "year", week: "week", weekly: "week", day: "day", daily: "day", quarter: "quarter", quarterly: "quarter" };
/** A rate a chart's title, a column's header or a row's cell gives all its values ("yearly cost", "money out per month", "monthly"). */
export const RATE_IN = /\b(?:(monthly|yearly|annual|annually|weekly|daily|quarterly)|(?:a|per|each|every)\s+(month|year|week|day|quarter))\b/i;

export const MEASURE_BEFORE = /\b(average|avg|mean|median|usual|net|kept|saved|now|currently)(?:\s+(?:of|is|was|were|payment|bill|amount|that is|this is|it is))?\s*:?\s*\(?\s*$/i;
/** A measure a column's header or a chart's title gives all its values ("Usual amount", "Average", "Current amount"). */
export const MEASURE_IN = /^\s*(usual|median|average|avg|mean|current)\b/i;
export const MEASURE_AFTER = /^\s*(?:[\p{L}]+\s+){0,3}?on average\b/iu;
export const MEASURES: Record<string, Measure> = { average: "average", avg: "average", mean: "average", median: "median", usual: "median", net: "net", kept: "net", saved: "net", now: "current", currently: "current", current: "current" };

export const RATE_WORDS = /month|year|week|\bday|daily|annual|quarter/;
export const MEASURE_WORDS = /average|\bavg|\bmean\b|median|usual|\bnet\b|\bkept\b|\bsaved\b|\bnow\b|currently|\bleft\b|\bleav|balance|in the red|in the black|surplus|deficit|more than/;
/** What is left of an income after spending, in other words: "July left CHF 3'525.70", "on balance CHF …", "CHF 659.52 in the red". */
/** Words that put an amount below zero ("CHF 3'145.03 in the red", "in the red by CHF …", "a deficit of …") or above it. */
export const RED_AFTER = /^\s+(?:in the red|(?:of\s+)?deficit)\b/i;
export const RED_BEFORE = /\b(?:in the red by|a deficit of|a shortfall of)\s+$/i;
/**
 * Right after an amount, words that make it what was spent beyond what came in ("you spent CHF 435.49 more than came in",
 * "… more than you earned", "… more than its income"): the gap of the two flows, a net below zero, neither money in nor out.
 */
export const OVERSPENT_AFTER = /^\s+more\s+than\s+(?:(?:you|we|it|they|was|were)\s+)?(?:came\s+in|earned|(?:the|its|your|our|their)\s+income)\b/i;
/** Money in said of a figure's own clause: "you earned CHF 5'000.00 more than …" is a rise of income, no overspending. */
export const EARNED_BEFORE = /\b(?:earn|earned|earning|income|salary|brought\s+in|made)\b/i;
export const BLACK_AFTER = /^\s+(?:in the black|(?:of\s+)?surplus)\b/i;
export const BLACK_BEFORE = /\b(?:in the black by|a surplus of)\s+$/i;
/** Words that say a figure is a total of several things, in its clause before it or right after it. */
export const TOTAL_WORDS = /together|combined|in all|in total|between them|add(?:s|ed)? up|came to|come to|comes to|total|sum/;
export const TOTAL_BEFORE = /\b(?:together|combined|in all|in total|between them|add(?:s|ed)? up|came to|come to|comes to|totall?(?:ed|ing|s)?|sum(?:s|med)?)\b/i;
export const TOTAL_AFTER = /^\s*(?:together|combined|in all|in total|between them|all told)\b/i;
export const NET_BEFORE = /\b(?:left|leaves|leaving|on balance|a surplus of|a deficit of)\s+$/i;
export const NET_AFTER = /^\s+(?:in the (?:red|black)|on balance|(?:of\s+)?(?:surplus|deficit))\b/i;
/** Words that say a figure is a change or a gap between two ("the difference", "a gap of", "between them"), besides up/down. */
export const CHANGE_WORDS = /\b(?:difference|differ|gap|chang|swing|between|apart|more|less|up\b|down\b|rose|rise|rising|risen|fell|fall|grew|grow|dropped|drop|increase|decrease|higher|lower|cheaper|dearer|jump|climb|gain|lost|cut\b|shr[iau]nk|doubled|tripled|halved)/i;
export const DIRECTION_WORDS = /\b(?:up|rose|risen|grew|grown|increase|gained|jumped|climbed|higher|down|fell|fallen|dropped|decrease|declined|lost|shrank|sank|lower|cut|more|less|cheaper|larger|bigger|greater|dearer|smaller|fewer)/;

/** Verbs of a change made (an approval's outcome and the answer reporting it). */
const ACTION_WORDS = String.raw`moved|recategori[sz]ed|refiled|filed|changed|created|removed|deleted|renamed|merged|undone|applied`;
export const ACTION = new RegExp(String.raw`\b(${ACTION_WORDS})\b`, "i");
export const ACTION_ALL = new RegExp(ACTION.source, "gi");
/** A verb of its own right after a figure ("CHF 1'215.00 invested", "… were moved"): a money verb or an action. */
export const OWN_VERB_AFTER = new RegExp(String.raw`^\s*(?:(?:was|were|is|are|got|been)\s+)?(?:invested|spent|paid|saved|earned|received|kept|${ACTION_WORDS})\b`, "i");
/** A verb of spending or saving after the action's figure: the next figure is what that verb says ("… and invested CHF 4'128.00"). */
export const OTHER_VERB = /\b(?:invested|spent|paid|saved|earned|received|kept|cost|costs|came to|went to)\b/i;

export const UP = /\b(?<!\b(?:make|makes|made|making|add|adds|added|adding|sum|sums|summed|came|comes|come|end|ends|ended|ending)\s)(?:up|rose|risen|grew|grown|increased|gained|jumped|climbed|higher)(?:\s+by)?(?:\s+(?:about|roughly|around|almost|nearly|some|over|just))?\s*$/i;
export const DOWN = /\b(?:down|fell|fallen|dropped|decreased|declined|lost|shrank|sank|lower|cut)(?:\s+by)?(?:\s+(?:about|roughly|around|almost|nearly|some|over|just))?\s*$/i;
export const UP_AFTER = /^\s+(?:more|higher|up|larger|bigger|greater|dearer)\b/i;
export const DOWN_AFTER = /^\s+(?:less|lower|down|cheaper|smaller|fewer)\b/i;

/** An amount per item right after a figure: "each", "apiece", "a visit", "per payment" (not a rate: "a month"). */
/** An amount a count of things is "of" or "at" is each one's: "9 payments of about CHF 2'089", "45 visits at CHF 23.30". */
export const COUNT_OF_BEFORE = /(?<![\d.,'’])\d{1,4}\s+\p{L}+(?:\s+\p{L}+)?\s+(?:of|at)\s+(?:about|around|roughly|some|~)?\s*$/iu;
export const PER_ITEM_AFTER = /^\s*(?:each|apiece|(?:a|an|per)\s+(\p{L}+))\b/iu;
/** Which side of a budget a remaining amount is, right after it: "over (the) budget/limit", "over," / "left", "to spare", "under budget". */
export const BUDGET_WORDS_ANYWHERE = /over|above|left|spare|remaining|under|below|short/;
export const BUDGET_WORDS = /^\s+(?:over|above|left|to spare|remaining|under|below|short)\b/i;
export const OVER_BUDGET_AFTER = /^\s+(?:(?:over|above)(?:\s+(?:the\s+|its\s+|their\s+|your\s+)?(?:budget|limit|plan)|\s*[,;.)]|\s+(?:for|in)\b|\s*$))/i;
export const UNDER_BUDGET_AFTER = /^\s+(?:(?:left|to spare|remaining|(?:under|below)\s+(?:the\s+|its\s+|their\s+|your\s+)?(?:budget|limit|plan))\b|(?:under|below)\s*(?:[,;.)]|$))/i;

/** How many things a clause says a figure is of: "those three", "the top 5", "these six payments", "all four", "both". */
export const ITEMS_BEFORE = /\b(?:(?:those|these|the|top|first|last|all)\s+(?:top\s+)?((?:two|three|four|five|six|seven|eight|nine|ten)\b|\d{1,2}\b(?![\d'’.,]))|(both))/i;

/** Items a clause says are changes one way: "those three increases", "the four biggest drops". */
export const ITEMS_UP = /\b(?:increases|rises|jumps|gains|climbs)\b/i;
export const ITEMS_DOWN = /\b(?:decreases|drops|falls|declines|cuts|savings)\b/i;
export const ITEM_NUMBERS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** After a ratio, words that say it compares how many: "as many", "as often", "more often", "more visits". */
export const OF_COUNTS_AFTER = /^\s+(?:as\s+many|as\s+often|more\s+often|(?:more|fewer)\s+(?:\p{L}+\s+)?(?:transactions|payments|visits|purchases|rows|trips|meals|bookings|orders))\b/iu;

/** After a count, its things and a name or place in its clause: "460 payments at Coop", "227 earlier payments to Migros". */
export const NAMED_AFTER_COUNT = /^\s+(?:[\p{L}-]+\s+){1,3}(?:at|to|from|with|for|in|on|by)\s+\p{Lu}/u;

/** A count of days that is an age, right after it ("21 days before today"): the age of the day its period ends on. */
export const AGE_AFTER = new RegExp(String.raw`^\s*days?${AGE_WORDS}`, "i");
