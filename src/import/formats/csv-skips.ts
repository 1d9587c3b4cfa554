/**
 * The rows a CSV of no known layout lists as skipped, by what a column says of them (csv-guess.ts): not booked
 * (pending, declined), no effect on the balance (PayPal's "Memo" and "..." rows), a balance set in a money app, a
 * money app's transfer between two of the user's own accounts. Each rule returns the skip rules of the plan
 * (ColumnPlan["skip"]), with the reason the preview and the CLI show.
 */
import { type ColumnPlan } from "./csv-layout.ts";
import { normaliseHeader, NOT_BOOKED } from "./csv-words.ts";
import { type Column, fits, KIND_HEADERS, STATUS_HEADERS } from "./csv-columns.ts";

// Sparkasse's "Info" ("Umsatz gebucht" / "Umsatz vorgemerkt"), when its header is written so that no layout knows it (QA
// round 4, pass 15: a CSV-MT940 export headed "Begünstigter/Zahlungspflichtiger" booked its pending row as spending).
/** NOT_BOOKED's words as written with their accents (the skip rule compares a cell lower-cased, accents kept). */
const NOT_BOOKED_ACCENTED = ["refusé", "refusée", "annulé", "annulée", "rejeté", "rejetée", "échoué", "échouée", "zurückgewiesen", "rückgängig gemacht"];
/**
 * A status column of a file of no known layout (every value booked or not, "Pending", "Declined", "vorgemerkt"…): its
 * rows not booked are skipped, as the known layouts skip theirs (QA round 4: a declined hotel charge was spending).
 */
function statusSkip(cols: readonly Column[]): ColumnPlan["skip"] {
  // A status column's words of its own beside known ones (BNP Paribas Fortis: "Geweigerd" beside a word not listed) still
  // mark the known rows not booked: one unknown word must not let a refused payment through as spending.
  // A status column whose sampled rows are all booked still gets the rule: a refused payment after the sample (a file of
  // more than its 500 records) is no spending either (QA round 4, pass 15).
  const status =
    cols.find((c) => STATUS_HEADERS.includes(c.norm) && c.values.some((v) => NOT_BOOKED.includes(normaliseHeader(v)))) ??
    cols.find((c) => STATUS_HEADERS.includes(c.norm) && fits(c, "text"));
  if (!status) return [];
  // The skip rule compares the cell lower-cased: the words, their accented spellings, and the sampled ones as written.
  const written = status.values.map((v) => v.trim().toLowerCase()).filter((v) => NOT_BOOKED.includes(normaliseHeader(v)));
  return [{ column: status.index, equals: [...new Set([...NOT_BOOKED, ...NOT_BOOKED_ACCENTED, ...written])], reason: "not booked (pending, declined or cancelled): no money moved" }];
}

/** PayPal's column of a row's effect on the balance ("Debit", "Credit", or "Memo": an authorisation or an order that moved nothing). */
const BALANCE_IMPACT_HEADERS = ["balance impact", "auswirkung auf guthaben", "impact sur le solde", "impatto sul saldo", "efecto en el saldo", "invloed op saldo"];

/** A balance-impact column's "Memo" rows are skipped: they are shown for information and moved no money. */
function memoSkip(cols: readonly Column[]): ColumnPlan["skip"] {
  const impact = cols.find((c) => BALANCE_IMPACT_HEADERS.includes(c.norm));
  return impact ? [{ column: impact.index, equals: ["memo"], reason: "no effect on the balance (\"Memo\": an authorisation or order that moved no money)" }] : [];
}

/** A balance cell PayPal's older activity export writes on a row that moved no money. */
const ELIDED_BALANCE = ["...", "\u2026"];
/** Kinds of a PayPal row that moved no money (an invoice, a cart's item, an order, an authorisation, a request). */
const NO_MONEY_KINDS = ["invoice sent", "invoice received", "shopping cart item", "order", "authorization", "authorisation", "request received", "request sent", "payment request", "money request"];
/** Statuses of such a row (an invoice's "Paid"/"Unpaid", an order's "Placed"). */
const NO_MONEY_STATUSES = ["paid", "unpaid", "placed"];

/**
 * PayPal's older activity export (no balance-impact column) writes "..." as the balance of a row that moved no money
 * ("Invoice Sent", "Paid"; QA round 4, pass 26: booked, the file was refused as off by the invoice's amount). Skipped
 * only where its kind or its status says so, or its amount is no money: a completed payment with "..." is booked (the
 * balance check says it is outside its check; review of pass 26: one was skipped as "moved no money", exit 0).
 */
function elidedBalanceSkip(cols: readonly Column[], balance: Column | null, amount: number | null): ColumnPlan["skip"] {
  if (!balance || cols.some((c) => BALANCE_IMPACT_HEADERS.includes(c.norm))) return [];
  const reason = "no effect on the balance (its balance is written \"...\": an invoice or order that moved no money)";
  const kind = cols.find((c) => KIND_HEADERS.has(c.norm));
  const status = cols.find((c) => STATUS_HEADERS.includes(c.norm));
  const when: { column: number; equals: readonly string[] }[] = [
    ...(kind ? [{ column: kind.index, equals: NO_MONEY_KINDS }] : []),
    ...(status ? [{ column: status.index, equals: NO_MONEY_STATUSES }] : []),
    ...(amount !== null ? [{ column: amount, equals: ["", ...ELIDED_BALANCE] }] : []),
  ];
  return when.map((and) => ({ column: balance.index, equals: ELIDED_BALANCE, and, reason }));
}

/**
 * Money apps that book a balance the user set on an account as a row (no money moved), known by header words no bank's
 * export has together (normalised), and the cells that mark such a row. As data: one line per app. (qa33 also booked a
 * money app's rows to the account names its column holds; review of qa33: a bank's statement and an app's export of the
 * same bookings, under the IBAN and the app's name, were no longer possible duplicates and were booked twice, so the rows
 * stay without an account, as before.)
 */
const APP_BALANCE_SETS: readonly { app: string; with: readonly string[]; column: string; equals: readonly string[] }[] = [
  // Cashew books a balance the user sets as a row titled "Balance correction" (qa33: its opening balance was income).
  { app: "Cashew", with: ["account", "subcategory name", "emoji"], column: "title", equals: ["balance correction"] },
  // Toshl books a balance the user sets on an account as an entry of its category "Reconciliation".
  { app: "Toshl", with: ["account", "in main currency", "main currency"], column: "category", equals: ["reconciliation"] },
];

/** The skip rule of a money app's rows that set a balance in the app (APP_BALANCE_SETS), if the header is that app's. */
function appBalanceSetSkip(cols: readonly Column[]): ColumnPlan["skip"] {
  for (const sig of APP_BALANCE_SETS) {
    if (!sig.with.every((n) => cols.some((c) => c.norm === n))) continue;
    const set = cols.find((x) => x.norm === sig.column);
    if (set) return [{ column: set.index, equals: sig.equals, reason: `a balance set in ${sig.app} ("${sig.equals[0]}"), not money that moved` }];
  }
  return [];
}

/** 1Money's columns of a one-line transfer's two accounts (normalised): only with them is its "Transfer" such a move. */
const ONE_MONEY_ACCOUNTS = ["from account", "to account to category"];

/**
 * The transfers of 1Money's kinds column (appKindMarks): a move between two of the user's own accounts in the app, its
 * amount unsigned and its two accounts in the columns ONE_MONEY_ACCOUNTS. The rows are read as one account, in which
 * such a move takes nothing out and brings nothing in: skipped, said (booked as money in, it was counted as income).
 * Without those columns a "Transfer" may be money that left (review of qa33: a rent paid was skipped as "between two of
 * your own accounts"): no skip, the reader refuses it as a kind that is no sign.
 */
function appTransferSkip(cols: readonly Column[], money: ColumnPlan["money"]): ColumnPlan["skip"] {
  if (money.kind !== "indicator" || money.app !== true || !ONE_MONEY_ACCOUNTS.every((n) => cols.some((c) => c.norm === n))) return [];
  return [{ column: money.indicator, equals: ["transfer"], reason: "a transfer between two of your own accounts in the app (one line for both sides): no money came in or went out" }];
}

/** The skip rules of a file of no known layout, by what its columns say of its rows (each rule above). */
export function skipRules(cols: readonly Column[], money: ColumnPlan["money"], balance: Column | null): ColumnPlan["skip"] {
  return [...statusSkip(cols), ...memoSkip(cols), ...appTransferSkip(cols, money), ...appBalanceSetSkip(cols), ...elidedBalanceSkip(cols, balance, money.kind === "signed" ? money.amount : null)];
}
