/** What a count counts: the families of things (rows, series, categories, merchants, accounts, months). */

/** The family of "shops": shopping trips ("914 grocery shops") or the merchants shopped at ("5 shops"), never categories. */
const SHOPS = "shops";

/**
 * Families of things a count counts: a count of one family is not a count of another ("6 premiums" is not "6 series", "90
 * days old" is no "90 rows").
 */
const UNITS: Record<string, string> = Object.fromEntries([
  ...["transaction", "transactions", "tx", "payment", "payments", "row", "rows", "purchase", "purchases", "visit", "visits", "meal", "meals", "bill", "bills", "premium", "premiums", "ticket", "tickets", "trip", "trips", "booking", "bookings", "order", "orders", "instalment", "instalments", "installment", "installments", "match", "matches", "charge", "charges", "refund", "refunds", "stay", "stays", "flight", "flights"].map((w) => [w, "rows"]),
  ...["series"].map((w) => [w, "series"]),
  ...["day", "days"].map((w) => [w, "days"]),
  ...["category", "categories"].map((w) => [w, "categories"]),
  // Places in the plural are merchants ("ate at 14 restaurants"); in the singular a word before the thing counted ("11
  // restaurant visits"). Not "shops", which answers write for shopping trips as well ("914 grocery shops").
  ...["merchant", "merchants", "payee", "payees", "restaurants", "places", "stores", "supermarkets"].map((w) => [w, "merchants"]),
  ...["shops"].map((w) => [w, SHOPS]),
  ...["account", "accounts"].map((w) => [w, "accounts"]),
]);

/** Words that make payments a recurring series. */
const REGULAR = /^(?:regular|recurring|standing|repeating)$/i;
/** Words after "regular payments" in their clause that say which of them: the active or the ended ones. */
const ACTIVE_OR_ENDED = /^[^\d,;.:()\n]*\b(?:active|ended|stopped|cancell?ed|running|inactive|lapsed)\b/i;
/** The family of "regular payments": series or their rows (unitsAgree). */
const RECURRING = "recurring";
/** Families that are either of two (unitsAgree): "regular payments" are series or rows, "shops" rows or merchants. */
const EITHER: Record<string, readonly string[]> = { [RECURRING]: ["series", "rows"], [SHOPS]: ["rows", "merchants"] };
/** Whether two count families agree: the same, or a family that is either of two beside one of them. */
export const unitsAgree = (a: string, b: string) => a === b || !!EITHER[a]?.includes(b) || !!EITHER[b]?.includes(a);

/** The family a count counts: the first of the (up to three) words right after it that names one ("127 unusually large payments"). */
export function unitAfter(after: string): string | undefined {
  const m = /^\s+(\p{L}+)(?:[ -](\p{L}+))?(?:[ -](\p{L}+))?/u.exec(after);
  if (!m) return undefined;
  // "13 regular payments", "5 recurring payments", "4 standing orders": the series of a recurring_payments result ("13
  // series") or the rows that came at their usual amount (unusual_transactions' "122 … expected"): either family.
  // Not when its clause says which of them ("6 regular payments are still active"): the series count includes ended ones,
  // so such a count is read as before (a count of payments), as the "N active" it is said to be.
  if (REGULAR.test(m[1]!) && m[2] && /^(?:payments|orders|debits|charges)$/i.test(m[2]) && !ACTIVE_OR_ENDED.test(after.slice(m[0].length))) return RECURRING;
  for (const w of [m[1], m[2], m[3]]) {
    if (!w) break;
    const u = UNITS[w.toLowerCase()];
    if (u) return u;
  }
  return undefined;
}

/**
 * What a count of a table column or a summary label counts, as the unit families above: a count of months, weeks or
 * days ("activity" is the months with payments, "Days since last"), else the family its words name ("Transactions",
 * "Merchants"). A count said of other things is not it: "11 payments" is no "(activity in 11)", "3 merchants" no row's
 * "Transactions 3". The same on both sides: a tool's table column (collect.ts) and an answer table's (table.ts).
 */
export function unitOfLabel(label: string): string | undefined {
  if (/^activity$/i.test(label)) return "months";
  const time = /\b(month|week|day)s?\b/i.exec(label);
  if (time) return `${time[1]!.toLowerCase()}s`;
  return unitAfter(` ${label}`);
}

/** A count of months, weeks or days: it counts no rows. */
export const isCountOfTime = (unit: string | undefined) => unit === "months" || unit === "weeks" || unit === "days";
