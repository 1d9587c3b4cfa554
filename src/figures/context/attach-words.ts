/** Words between a figure and a mention that join them or set them apart (rules 1–4 of context.ts). */

/** A booking's noun between a figure and what it is of ("a CHF 312.45 settlement in April", "a late fee in July"). */
const BOOKING_NOUN = String.raw`settlement|refund|fee|late\s+fee|payment|charge|premium|bill|bonus|instalment|installment|withdrawal|reimbursement`;
/**
 * Filler between a figure and a mention that belongs to it: "CHF 9'850.81 in 2024", "CHF
 * 1'509.13 a month in 2025", "CHF 30.05 in Basel in October", "914 grocery shops", "196 (October)",
 * "CHF 288.08 still uncategorised", "CHF 399.18 are unclassified".
 */
export const RIGHT_GLUE = new RegExp(
  String.raw`^\s*(?:(?:a|an|per|each|every|spent|paid|went|was|were|is|came|arrived|booked|charged|in total|total|altogether|overall|together|net|month|year|week|day|of it|of that|so far|only|just|alone|more|less|${BOOKING_NOUN})\s+){0,3}(?:(?:in|at)\s+\p{Lu}[\p{L}-]+\s+)?(?:on|for|at|in|during|to|with|by|of|under|as|until|till|since|from|through)\s+(?:the\s+|your\s+|my\s+|its\s+)?(?:(?:first|second|third|fourth|last)\s+(?:half|quarter|months?|weeks?)\s+of\s+)?$|^\s$|^\s\($|^\s+(?:(?:is|are|was|were|stayed|remains?|remained|still|yet)\s+){1,2}$`,
  "iu",
);
/** From a mention to the next figure: its possessive, then at most a rounding word ("April's CHF 738.95", "May’s about CHF 1.2k"). */
export const POSSESSIVE_BEFORE_FIGURE = /^['’]s\s+(?:(?:about|roughly|around|nearly|almost|some|only|just)\s+)?$/i;
/** A booking's noun then what it is for or from ("a CHF 1'333.05 bill for February"): not when the figure was booked. */
export const BOOKING_FOR = new RegExp(String.raw`\b(?:${BOOKING_NOUN})\s+(?:for|of|from|since|until|till|through)\s`, "i");
/** The longest filler RIGHT_GLUE can match (three words, a place, a preposition, an article, "first half of"). */
export const MAX_GLUE = 90;
/** Words before a figure that set it against another: its period is not the one said before. */
export const CONTRAST = /(?:\b(?:against|vs\.?|versus|compared (?:with|to)|from|after|before|instead of|than|while|whereas)|→)\s*(?:(?:only|just|about|roughly|some|around|nearly|almost)\s+)?$/i;
export const BRACKETED = /^\s*\(\s*$/;
/** Words before a mention that make it what a figure is compared with. */
export const COMPARED_WITH = /\b(?:than|against|versus|vs\.?|compared (?:with|to)|times|twice|as much as)\s+(?:in\s+|on\s+|at\s+|for\s+)?(?:the\s+)?$/i;
/**
 * A mention in the part of a clause set against what it is about, up to a comma: "more than November, and …", "close behind
 * September with …", "against 39 meals in May". What the figure is compared with is not what a later figure is about.
 */
export const SET_AGAINST = /\b(?:than|against|versus|vs\.?|compared (?:with|to)|behind|ahead of|instead of)\b[^,;:()]*$/i;
/** From the figure before to this one, words that say this one tells more of it: "CHF 18'382.95 in 2024 (931 payments)", "CHF 26'880.00 in 2025: 12 payments", "CHF 5'442.00 in 2025 in 48 payments", "334 times in 2024 for a total of CHF 6'775.70". */
export const ELABORATES = /^[^()]*?(?:\(\s*|:\s*|\b(?:in|over|across|from|with|for a total of|totalling|totaling|i\.e\.|that is|or)\s+(?:(?:about|roughly|around|nearly|almost|some|only|just)\s+)?)$/i;
/** From the figure before to this one, a comparison that sets this one against it: "more than the first (", "than in 2024: ". */
export const CONTRASTED_PART = /\b(?:than|against|versus|vs\.?|compared (?:with|to)|instead of)\b[^,;]*$/i;
/** What may stand between a mention and the figure it is that figure's own, though set against another: "than November's CHF 661.90", "than May (CHF 990.30)". */
export const OWN_BEFORE_FIGURE = /^(?:['’]s)?\s*\(?\s*(?:(?:about|roughly|around|nearly|almost|only|just)\s+)?$/i;
/** An aside naming what a figure before consists of: "CHF 244.80, all Netflix, CHF 20.40 a month". */
export const ASIDE = /\b(?:all|only|mostly|entirely)\s+$/i;
/** Mentions of one dimension joined into a set: "Coop and Migros", "Housing, Children and Other". */
export const JOINED = /^\s*(?:,|and|&|or|\+|,\s*and)\s*$/i;
/** A booking quoted as its merchant and its text ('"Helsana · Prämie KVG Alex Muster 12.2025"'): a name in the text (the insured person) goes with the merchant. */
export const BOOKING_TEXT = /^ · [^"·]*$/;
