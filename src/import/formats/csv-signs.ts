/**
 * How a CSV of no known layout signs its amounts (csv-guess.ts), in SPEC §10.1's order: a column of marks beside
 * unsigned amounts (debit/credit letters, "+"/"–", 1/−1, a card's or a money app's row kinds), which amount column
 * carries the sign, and whether a card export writes its purchases positive. What cannot be told is refused, naming
 * the line.
 */
import { NeedsColumnMapping, SignsInDoubt } from "../../core/errors.ts";
import type { CsvRecord } from "./delimited.ts";
import { type ColumnPlan } from "./csv-layout.ts";
import { appKindSign, type AppExport } from "./app-exports.ts";
import { APP_KIND_MARKS, DASH_MARKS, headerTier, indicatorSign, KIND_MARKS, LETTER_MARKS, normaliseHeader, MONEY_BACK_WORDS, NUMBER_MARKS, OWED_BALANCE_HEADERS, statedBalanceKind, TOTAL_LINE } from "./csv-words.ts";
import { asciiMinus, MINUS_MARK, sideMark, SIGN_MARK, writtenNegative } from "./values.ts";
import { CARD_PAYMENT_LINE, CHANNEL, TAIL } from "./card-lines.ts";
import { centsOf, type Column, columnsOf, eitherMark, KIND_HEADERS, signedMoneyUnderMarks, unmarkedIcici } from "./csv-columns.ts";

/**
 * The amount column: the best by header, unless it carries no sign and a "Debit/Credit" column of signed money beside it
 * writes the same amounts signed (review of QA round 21: "Amount" 45.20 beside "Debit/Credit" −45.20 was read, every
 * row booked as money in): that column then.
 */
export function signedBesideUnsigned(amounts: readonly Column[]): Column | undefined {
  const best = amounts[0];
  if (!best || best.values.some((v) => MINUS_MARK.test(v) || v.includes("("))) return best;
  const sameAmounts = (c: Column) => c.values.every((v, r) => Math.abs(centsOf(v)) === Math.abs(centsOf(best.values[r])));
  return amounts.find((c) => c !== best && signedMoneyUnderMarks(c) && sameAmounts(c)) ?? best;
}

// "Payment received" written negative is a card's (Nubank's card export: "Pagamento recebido"; QA round 4, blind pass: its
// purchases were read as income), where a bank account writes a payment it received positive.
/**
 * Words that name a payment to a card, a card's or an account's ("PAYMENT RECEIVED - THANK YOU", "CHASE CREDIT CRD
 * AUTOPAY"), tested on a text's start (a long text is no such line): alone they tell no side (cardsPaymentLine does).
 */
const CARD_PAYMENT = /\b(payment|zahlung|paiement|pagamento)\b.*\b(thank you|merci|besten dank|danke|grazie)\b|\bautopay\b|\b(payment|pagamento|pago|paiement|zahlung)\s+(received|recebido|recibido|recu|reçu|erhalten|eingegangen)\b/i;
/** Pay as the payer's bank writes it: "PAYROLL", "DIRECT DEP", "DIR DEP" (INCOME_TEXT at a text's start, PAY_WITHIN after the payer's name). */
const PAY_WORDS = String.raw`payroll|direct\s+dep(?:osit)?|dir\s+dep`;
/**
 * A line of an account's money coming in that no card receives: pay and deposits ("PAYROLL ACME CORP", "DIRECT DEP",
 * "MOBILE DEPOSIT", "ZELLE FROM J SMITH", "Lohn", "Salaire"), at the text's start. Written positive, it tells an account's
 * export that writes its money in positive, as spending written negative does (SPENDING_TEXT). "Deposit" alone or with
 * its id only: a merchant's name may start with it ("DEPOSIT PHOTOS INC" on a card; review of the lead's change).
 */
const INCOME_TEXT = new RegExp(String.raw`^\W*(?:${PAY_WORDS}|salary|salaire|lohn|gehalt|stipendio|n[oó]mina|(?:mobile|atm|branch|cash|remote(?:\s+online)?)\s+deposit|deposit(?=\s*$|\s+(?:id|ref)\b)|zelle\s+(?:payment\s+)?from)\b`, "i");
/**
 * The card issuer's fixed line for the payment it received, as the whole text but for a channel or reference after it
 * (TAIL: "PAYMENT RECEIVED - THANK YOU", "ONLINE PAYMENT - THANK YOU", "Payment Thank You - Web", "ZAHLUNG ERHALTEN - BESTEN
 * DANK", "PAIEMENT REÇU - MERCI", "PAGAMENTO RICEVUTO - GRAZIE"): not an account's words that merely hold a payment and a
 * thanks ("Zahlung Rechnung 4711 danke", "REVERSAL OF PAYMENT RECEIVED"), nor a line that goes on to name a payee
 * ("ONLINE PAYMENT THANK YOU CITI CARD", an account's debit: this stop's probe, every sign of its month of money in turned).
 */
const ISSUER_THANKS = new RegExp(
  `^\\W*(?:(?:${CHANNEL}|direct debit|autopay)\\s+)?` +
    "(?:payment(?:\\s+received)?\\W+thank\\s*you|zahlung(?:\\s+erhalten|\\s+eingegangen|seingang)?\\W+(?:(?:vielen|besten|herzlichen)\\s+)?dank(?:e)?" +
    "|paiement(?:\\s+re[çc]u)?\\W+merci|pagamento(?:\\s+ricevuto|\\s+recebido)?\\W+(?:grazie|obrigad[oa])|pago(?:\\s+recibido)?\\W+gracias" +
    "|betaling(?:\\s+ontvangen)?\\W+(?:(?:hartelijk)\\s+)?dank(?:\\s+u(?:\\s+wel)?)?)" +
    `${TAIL}\\W*$`,
  "i",
);
/**
 * Amex France's line for its direct debit of the card's balance ("PRELEVEMENT AUTOMATIQUE ENREGISTRE-MERCI"): its issuer's
 * payment line only in a file with the card holder's column ("Titulaire de la carte"); French bank words that a current
 * account's debit may start with too (review of r4-uqa5: one such debit in a month of credits turned every sign).
 */
const AMEX_FR_THANKS = /^\W*pr[ée]l[èe]vement\s+automatique(?:\s+enregistr[ée])?\W+merci\b/i;

/**
 * A booking text that starts as spending does: a card payment at a till or a cash withdrawal ("EFTPOS PURCHASE …", "ATM
 * WITHDRAWAL …", "CASH WITHDRAWAL …"). Only with no word of money given back in it (SPENDING_UNDONE): a card's credits
 * start so too ("ATM FEE REFUND", "EFTPOS REFUND …", "Withdrawal reversal …"; review of pass 26).
 */
const SPENDING_TEXT = /^\s*(?:eftpos\s+purchase|(?:atm|cash)\s+withdrawal)\b/i;
/** A word that makes a spending text the money given back (a refund, a reversal, a rebate, a return, a credit). */
const SPENDING_UNDONE = /\b(?:refund(?:ed|s)?|revers(?:al|ed)|rebate|return(?:ed)?|credit(?:ed)?|cr)\b/i;
const isSpending = (text: string): boolean => SPENDING_TEXT.test(text) && !SPENDING_UNDONE.test(text);

/**
 * An Italian card statement's line for the month's balance paid from the holder's current account ("PAGAMENTO CON
 * ADDEBITO SU VS C/C": a cooperative bank's (BCC) card list, written "304,68-" among purchases written positive; qa31:
 * refused, asking for --flip-signs). The whole fixed line only, as the issuer's "thank you" lines: on a current account
 * the words begin a debit's own text ("PAGAMENTO CON ADDEBITO SU VS C/C F24 TRIBUTI"; review of r4-qa31: an account of
 * mostly money in had every sign turned, exit 0).
 */
const CARD_SETTLEMENT = /^\W*pagamento\s+con\s+addebito\s+(?:su|in)\s+(?:vs\.?|vostro|suo|il suo)\s+c\/c\W*$/i;
/** The card holder's payment to the card as a card's statement writes it ("Ihre Zahlung": Cornèr; "Your payment", "Votre paiement"). */
const HOLDER_PAYMENT = /^\s*(?:ihre|your|votre|vostro|il suo|uw)\s+(?:zahlung|payment|paiement|versement|pagamento|betaling)\b/i;

/**
 * A Chinese card statement's kinds, bracketed at a text's start (China Guangfa Bank's "（消费）示例商户", "（分期）…",
 * "（还款）云闪付…"): a purchase or an instalment, and the holder's repayment. An account writes both as money out; only a
 * card that writes its purchases positive gives them opposite signs (qa38's blind pass: CGB's card export, every sign
 * stored turned, exit 0). Not a purchase given back (退 a refund, 撤销 a cancellation, 冲正 a reversal). Only the bracketed
 * kind: an account's texts that merely begin with 消费 or 分期 (a cashback "消费返现", points "消费积分兑换", a loan paid
 * out "分期贷款放款", a payee "消费者协会") beside a "信用卡还款" paid from it had every sign turned (review of r4-qa38).
 */
const CN_PURCHASE = /^\s*[(（[【]\s*(?:消[费費]|分期)\s*[)）\]】]/u;
const CN_REPAYMENT = /^\s*[(（[【]\s*[还還]款\s*[)）\]】]/u;
const CN_UNDONE = /退|撤[销銷]|[冲沖]正|返[还還]/u;
/**
 * A US card's line for the interest it charges ("Interest Charge on Purchases", "Interest Charge on Cash Advances",
 * "Purchase Interest Charge"): words only a card's statement writes. Written positive, the card writes its purchases so
 * too (qa38's blind pass: a credit union's Visa export of purchases and this line, no payment that month, every row
 * stored as money in, exit 0). The whole text: "… REVERSAL", "… REFUND", "… CREDIT" is the charge given back, written
 * positive by a card that writes its purchases negative (review of r4-qa38: every sign of such a card was turned).
 */
const CARD_INTEREST = /^\W*(?:interest\s+charged?\W+(?:on\s+)?(?:purchases|cash\s+adv\w*|balance\s+transfers?)|(?:purchase|cash\s+advance)\s+interest\s+charge)\W*$/i;
/** Purchases (CN_PURCHASE) all positive and repayments (CN_REPAYMENT) all negative, at least one of each: a card's signs. */
function chinesePurchasesPositive(values: readonly string[], texts: readonly (readonly string[])[]): boolean {
  const bought = signsWhere(values, texts, (t) => CN_PURCHASE.test(t) && !CN_UNDONE.test(t));
  const repaid = signsWhere(values, texts, (t) => CN_REPAYMENT.test(t) && !CN_UNDONE.test(t));
  return bought.length > 0 && repaid.length > 0 && bought.every((s) => s > 0) && repaid.every((s) => s < 0);
}

/** The signs (1 or −1; zero amounts left out) of the rows one of whose texts (trimmed) passes `test`. */
function signsWhere(values: readonly string[], texts: readonly (readonly string[])[], test: (text: string) => boolean): number[] {
  return values.flatMap((v, r) => (texts.some((t) => test((t[r] ?? "").trim())) ? [Math.sign(eitherMark(v) ?? 0)] : [])).filter((x) => x !== 0);
}

/**
 * The card's interest charge (CARD_INTEREST) written positive, on every row that names it, and no payment to the card
 * (looksLikeCardPayment) written positive: a positive payment says the purchases are written negative, whatever an
 * issuer's interest line given back says (review of r4-qa38).
 */
function interestChargedPositive(values: readonly string[], texts: readonly (readonly string[])[]): boolean {
  const signs = signsWhere(values, texts, (t) => CARD_INTEREST.test(t.slice(0, 80)));
  return signs.length > 0 && signs.every((x) => x > 0) && !signsWhere(values, texts, looksLikeCardPayment).some((x) => x > 0);
}

/** A text that names a payment to a card (a line of its issuer's, the holder's payment, an autopay). */
const looksLikeCardPayment = (text: string): boolean => {
  const t = text.trim().slice(0, 200);
  return t !== "" && (CARD_PAYMENT.test(t) || ISSUER_THANKS.test(t) || HOLDER_PAYMENT.test(t));
};

/** The holder's payment as a card's statement writes it, as the whole text ("Your payment", "Ihre Zahlung - Danke", "Votre paiement - merci"). */
const HOLDER_PAYMENT_LINE = new RegExp(
  HOLDER_PAYMENT.source + String.raw`(?:\W+(?:thank\s*you|(?:(?:vielen|besten|herzlichen)\s+)?dank(?:e)?|merci|grazie|obrigad[oa]|gracias|(?:hartelijk\s+)?bedankt))?\W*$`,
  "i",
);

/**
 * What only the card's side writes of a payment: it thanks for it, says it received it, or that it took the full balance.
 * An issuer's bare line ("AUTOPAY PAYMENT", "AUTOMATIC PAYMENT", "CAPITAL ONE AUTOPAY PYMT") is an account's debit text
 * as well (this stop's probe: a current account's half-month of money in beside "CAPITAL ONE AUTOPAY PYMT" turned).
 */
const CARD_SIDE_WORDS = /\b(?:thank|received|full\s+balance)\b/i;

/**
 * A card's own line for a payment it received (the issuer's fixed line that only a card writes: ISSUER_THANKS,
 * CARD_PAYMENT_LINE with CARD_SIDE_WORDS, CARD_SETTLEMENT, Amex France's in a file with the card holder's column; the
 * holder's, HOLDER_PAYMENT_LINE): words an account does not write for its debit that pays a card.
 */
function cardsPaymentLine(text: string, cardHolder: boolean): boolean {
  const t = text.trim().slice(0, 200);
  return ISSUER_THANKS.test(t) || (CARD_PAYMENT_LINE.test(t) && CARD_SIDE_WORDS.test(t)) || CARD_SETTLEMENT.test(t) || HOLDER_PAYMENT_LINE.test(t) || (cardHolder && AMEX_FR_THANKS.test(t.slice(0, 80)));
}

/** A text that names a card paid in any words (CARD_PAYMENT: "… AUTOPAY", "payment … thank you", "payment received"), a card's or an account's. */
const namesCardPaid = (text: string): boolean => CARD_PAYMENT.test(text.trim().slice(0, 200));

/**
 * "Autopay" first, a channel word before it or not ("AUTOPAY PAYMENT", "MOBILE AUTOPAY PAYMENT", Citi's "AUTOPAY 260109
 * AUTO-PMT"): an issuer's line for the card's automatic payment, without the thanks that make it the card's alone. An
 * account writes the payee first ("CHASE CREDIT CRD AUTOPAY"): beside mostly positive amounts this tells a card, unless
 * pay or a deposit written positive says an account (then the file says both, and the user is asked).
 */
// Only the issuer's fixed line: "AUTOPAY <payee>" ("AUTOPAY GEICO INSURANCE", "AUTOPAY PAYMENT CITI CARD") is an
// account's debit naming what it pays (review of the merge: an account's month of payouts had every sign turned, exit 0).
const AUTOPAY_FIRST = new RegExp(String.raw`^\W*(?:(?:${CHANNEL})\s+)?autopay\s+(?:(?:payment|pymt|pmt)\b(?!\s+(?!received|thank)[a-z]{3,})|\w*\d\w*\s+auto-pmt\b)`, "i");
/** The issuer's own line for the card's payment, with or without its thanks (CARD_PAYMENT_LINE, AUTOPAY_FIRST), as the whole text. */
const issuerLine = (text: string): boolean => CARD_PAYMENT_LINE.test(text.trim().slice(0, 200)) || AUTOPAY_FIRST.test(text.trim());
/** Pay named after its payer ("NORTHWIND LOGISTICS PAYROLL", "ACME CORP DIR DEP"): written positive, no card's purchase. */
const PAY_WITHIN = new RegExp(String.raw`\b(?:${PAY_WORDS})\b`, "i");
/**
 * Money given back (a refund, a "Gutschrift", a "STORNO", an "AVOIR": MONEY_BACK_WORDS), as a word of a row's text
 * (normalised): money into the holder's pocket. An account writes it positive; a card that writes its purchases positive
 * writes it negative, as it writes the payment it received.
 */
// Not after "aller": a French round trip ("BILLET ALLER-RETOUR", review of r4-signs3) is a purchase, not a "RETOUR".
const MONEY_BACK = new RegExp(String.raw`(?<!\baller )\b(?:${MONEY_BACK_WORDS.join("|")})\b`);
const givesBack = (text: string): boolean => MONEY_BACK.test(normaliseHeader(text.slice(0, 200)));
/**
 * Money an account receives that no card does, at the text's start or after its payer: a transfer in ("ONLINE TRANSFER
 * FROM SAV"), a platform's payout ("ETSY INC PAYOUT"), a money app's cash-out ("VENMO CASHOUT"), a seller's takings as
 * the payment platform's transfer writes them at the start ("STRIPE TRANSFER", "SQUARE INC DES:SQ…", "SHOPIFY PAYMENTS",
 * "PAYPAL TRANSFER"; "SQUARE INC" only before "DES:", a run of digits or the end, not Square's fee billed to a card,
 * "SQUARE INC 877-417-4551 CA": review of r4-signs3), an electronic deposit ("ACH DEPOSIT"; r4-signs3: a month of them beside "AUTOPAY PAYMENT" had every
 * sign turned, exit 0). Not a purchase at a shop on such a platform ("SQ *MAPLE COFFEE", "SHOPIFY* 8812", "STRIPE* …",
 * "SQUARESPACE INC"): a card's.
 */
const ACCOUNT_IN =
  /^\W*(?:(?:online|mobile|internal|ach|wire)\s+)?transfer\s+from\b|\b(?:payout|cash\s*out)\b|^\W*(?:(?:stripe|paypal|shopify)\s+transfer|shopify\s+payments|(?:ach|electronic)\s+deposit)\b|^\W*square\s+inc(?:\s*des:|\s+\d+(?![\d-])|\s*$)/i;
/** Money an account receives that no card does, written positive: pay or a deposit (INCOME_TEXT), a transfer in or a payout (ACCOUNT_IN), money given back. */
const receivedByAccount = (text: string): boolean => INCOME_TEXT.test(text) || ACCOUNT_IN.test(text.slice(0, 200)) || givesBack(text);

/**
 * A payment with no payee named, as the whole text: "PAYMENT", "ONLINE PAYMENT", "WEB PYMT", or the issuer's bare line
 * (issuerLine). A card's statement writes its payment received so, an account its payment out as often: alone it tells
 * no side ("PAYMENT TO OAK PROPERTIES" names a payee, an account's).
 */
const BARE_PAYMENT = new RegExp(String.raw`^\W*(?:(?:${CHANNEL}|web|phone)\s+)?(?:payment|pymt|pmt)${TAIL}\W*$`, "i");
const barePayment = (text: string): boolean => BARE_PAYMENT.test(text.trim().slice(0, 200)) || issuerLine(text);

/** A column's amounts as written, signed; the unreadable and zero ones left out. */
const signedAmounts = (values: readonly string[]): number[] => values.map(eitherMark).filter((a): a is number => a !== null && a !== 0);
/** Whether more than half of such amounts are written positive. */
const mostlyWrittenPositive = (amounts: readonly number[]): boolean => amounts.filter((a) => a > 0).length * 2 > amounts.length;

/**
 * Whether a balance column walks with the amounts as written, step by step (oldest or newest first): at least two steps,
 * none the other way. An account's balance does so with its money in, a card's amount owed with its purchases written
 * positive: it tells neither from the other.
 */
function walksAsWritten(balance: Column, amounts: readonly string[]): boolean {
  const b = balance.values.map(centsOf);
  const a = amounts.map(centsOf);
  const steps = (order: 1 | -1) => b.slice(1).map((x, i) => (order === 1 ? x - b[i]! === a[i + 1]! : b[i]! - x === a[i]!));
  return [1, -1].some((order) => {
    const s = steps(order as 1 | -1);
    return s.length >= 2 && s.every(Boolean);
  });
}

/**
 * Whether the balance column is the amount owed on a card or a loan, decided once for the reader (ColumnPlan.balanceOwed):
 * - the user's flip (a card's purchases written positive), when the balance walks with the amounts as written and most
 *   of them are written positive: only the amount owed does so beside purchases turned to money out (review of r4-signs3:
 *   the refusal's own advice, --flip-signs, was refused again, "off by 192.60");
 * - else a header that names it (OWED_BALANCE_HEADERS), the column taken by that header, not by what it holds; not when
 *   the user said the signs are as written (--amount-column) and the balance walks with them: an account's.
 */
export function owedBalance(balance: Column | undefined, byHeader: boolean, amount: Column | undefined, user: { flipSigns: boolean; amountColumn: boolean }): boolean {
  if (!balance) return false;
  const walks = amount !== undefined && walksAsWritten(balance, amount.values);
  // A flip of rows mostly money out as written is no card's purchases turned: an account's month, its balance falling
  // with them, flipped by mistake stays refused (balance-sides.test: it was read flipped, "checked", exit 0).
  if (user.flipSigns) return walks && mostlyWrittenPositive(signedAmounts(amount.values));
  return byHeader && OWED_BALANCE_HEADERS.has(balance.norm) && !(user.amountColumn && walks);
}

/** A row's kind when it is a purchase (Apple Card's Type "Purchase", Chase's "Sale"): money out, whatever sign the file gives it. */
const PURCHASE_KINDS = new Set(["purchase", "sale", "achat", "einkauf", "kauf", "acquisto", "compra", "aankoop", "kob", "kop"]);
/**
 * The sign a file writes its purchases with, told by a column of the rows' kinds: +1 when the rows it calls purchases
 * are mostly positive (a card export, although it has no card column and no "thank you" payment: QA round 4, Apple
 * Card's every purchase read as income), −1 when mostly negative, 0 when no column names purchases.
 */
function purchasesSign(cols: readonly Column[], amounts: readonly string[]): number {
  // Purchases positive say a card's convention only beside a row of the other sign (the payment to the card, a return):
  // with every amount positive they say nothing of it (review of stop 46: a payment of 500.00 was negated with the purchases).
  const someNegative = amounts.some((v) => (eitherMark(v) ?? 0) < 0);
  for (const c of cols) {
    if (!KIND_HEADERS.has(c.norm)) continue;
    let positive = 0;
    let negative = 0;
    c.values.forEach((v, r) => {
      if (!PURCHASE_KINDS.has(normaliseHeader(v))) return;
      const a = eitherMark(amounts[r] ?? "") ?? 0;
      if (a > 0) positive++;
      else if (a < 0) negative++;
    });
    if (positive + negative > 0) return positive > negative ? (someNegative ? 1 : 0) : positive < negative ? -1 : 0;
  }
  return 0;
}

/**
 * Whether a file read with a layout of purchases written negative calls its positive rows purchases ("Sale" 23.99 under
 * Chase's card header, from another tool; QA of stop 46: every purchase was money in): the file, not the layout, says how.
 */
export function kindSaysPurchasesPositive(header: CsvRecord, sample: readonly CsvRecord[], amount: number): boolean {
  const cols = columnsOf(header, sample);
  return purchasesSign(cols, cols[amount]?.values ?? []) > 0;
}

/**
 * A card's month that writes its purchases positive, told by its credits: the issuer's own line for its payment, bare
 * (issuerLine: "CAPITAL ONE AUTOPAY PYMT", "AUTOPAY PAYMENT", Citi's "AUTOPAY … AUTO-PMT"), and money given back
 * (givesBack), both written negative, and every other row positive (a month of one purchase, its payment and a refund
 * is mostly negative: the probe of stop 57, the purchase booked as money in, the payment and the refund as money out,
 * exit 0). But an account's month can look the same: takings in, a refund it paid out or a refund reversed, its card
 * paid by the issuer's bare line ("AUTOMATIC PAYMENT", "ONLINE PYMT": an account's own debit text too; review of
 * r4-signs2: such months had every sign turned, exit 0). So this tells nothing alone: the user is asked, the lines named.
 * Not an account's words for the card it pays ("CHASE CREDIT CRD AUTOPAY"), nor when the file says an account otherwise
 * (`saysAccount`: pay, a transfer in). The rows of the payment and of the money given back, or null.
 */
function refundedNegative(values: readonly string[], texts: readonly (readonly string[])[], saysAccount: boolean): { paid: number; back: number } | null {
  const sign = (r: number) => Math.sign(eitherMark(values[r]!) ?? 0);
  const back = values.map((_, r) => texts.some((t) => givesBack(t[r] ?? "")));
  const paid = values.map((_, r) => !back[r] && sign(r) < 0 && texts.some((t) => issuerLine(t[r] ?? "")));
  const bought = values.filter((_, r) => !back[r] && !paid[r] && sign(r) > 0).length;
  const eachSide = values.every((_, r) => sign(r) === 0 || (back[r] ? sign(r) < 0 : paid[r] || sign(r) > 0));
  return !saysAccount && paid.some(Boolean) && back.some(Boolean) && bought > 0 && eachSide ? { paid: paid.indexOf(true), back: back.indexOf(true) } : null;
}

/** When a file of one signed column and no other sign of its kind is too positive to be an account's: at least so many positive rows, and this share of them. */
const MOSTLY_POSITIVE = { rows: 3, share: 0.75 };

/**
 * A column that marks one side only, its other rows empty (the John Lewis card's unnamed last column: "CR" after a payment
 * to the card, nothing after a purchase; QA round 4, bank2ynab's test file run as it is: every purchase was a bad row,
 * "neither debit nor credit"): an empty cell is the other side. Only that shape: the credit marker alone, on a card where
 * purchases go unmarked, over several empty cells. A column that writes "Debit" and leaves one row empty says nothing
 * of that row (review of r4-qa13, i1.csv: its blank was booked as money in): it stays a bad row.
 */
export function oneSided(indicator: Column): { blank?: 1 | -1 } {
  const written = indicator.values.filter((v) => v.trim() !== "");
  // ICICI Bank's card column, empty on every row of a statement of purchases only (QA round 4, qa29's blind pass: read
  // without it, every purchase was money in): its empty cell is a purchase's, as beside its "CR".
  if (unmarkedIcici(indicator)) return { blank: -1 };
  const signs = new Set(written.map((v) => indicatorSign(v)));
  return signs.size === 1 && signs.has(1) && indicator.values.length - written.length >= 2 ? { blank: -1 } : {};
}

/**
 * How a column taken for debit/credit marks by its values alone (no header word names it so) stands to the signs its
 * amounts are written with: the rows whose mark agrees with the amount's sign, those whose mark disagrees, and the rows
 * left unmarked whose amount is written positive. Undefined for a column whose header names it a sign, or beside amounts
 * written without a sign (the marks are what signs them then).
 */
function marksBesideSigns(indicator: Column, amount: Column): { agree: number; disagree: number; unmarkedPositive: number[] } | undefined {
  if (headerTier(indicator.norm, "indicator") !== null) return undefined;
  const amounts = amount.values.map((v) => eitherMark(v) ?? 0);
  if (!amounts.some((a) => a < 0)) return undefined;
  let agree = 0;
  let disagree = 0;
  const unmarkedPositive: number[] = [];
  amounts.forEach((a, r) => {
    const cell = indicator.values[r] ?? "";
    const mark = indicatorSign(cell);
    if (a > 0 && cell.trim() === "") unmarkedPositive.push(r);
    if (a === 0 || (mark !== 1 && mark !== -1)) return;
    if (Math.sign(a) === mark) agree++;
    else disagree++;
  });
  return { agree, disagree, unmarkedPositive };
}

/**
 * A column taken for debit/credit marks by its values alone (no header word names it so) that contradicts the signs the
 * amounts are written with on some rows and not on others: a register's cleared "C", a status's "D"… say something else
 * than the money's side (review of stop 46: a Cleared column of C turned every signed amount into money in). The
 * amounts' own signs stand then.
 */
export function contradictsSigns(indicator: Column, amount: Column): boolean {
  // Marks that agree with every signed row, or disagree with every one (a card's export: DEBIT beside 45.20, CREDIT beside
  // −300.00), are the money's side; marks that agree with some rows and not others are not.
  const t = marksBesideSigns(indicator, amount);
  return t !== undefined && t.agree > 0 && t.disagree > 0;
}

/**
 * The refusal of debit/credit words under a header that names a row's kind as often as its side ("Type", "Typ", "Tipo":
 * LOOSE_INDICATOR_HEADERS) that agree with some signs written with the amounts and contradict others, when no balance
 * column walks with one reading only (csv-guess.ts): a kind's "Credit" on a chargeback written −25.00, or a side's word
 * beside a sign written the other way? Either reading turns some rows, exit 0 (r4-signs2), so the first line where they
 * disagree is named. Only the rows with a sign written count: an amount written bare says nothing against a mark (a
 * footer's net total "-370,75" under unsigned amounts is the only sign there). Undefined for any other column: under a
 * header that names a sign the marks stand, and a column taken for marks by its values alone yields to the signs.
 */
export function kindOrSideInDoubt(indicator: Column, amount: Column, sample: readonly CsvRecord[], fileName: string): NeedsColumnMapping | undefined {
  if (!LOOSE_INDICATOR_HEADERS.has(indicator.norm)) return undefined;
  let agree = 0;
  const disagreeing: number[] = [];
  amount.values.forEach((v, r) => {
    const written = SIGN_MARK.test(v) ? Math.sign(eitherMark(v) ?? 0) : 0;
    const mark = indicatorSign(indicator.values[r] ?? "");
    if (written === 0 || (mark !== 1 && mark !== -1)) return;
    if (written === mark) agree++;
    else disagreeing.push(r);
  });
  if (agree === 0 || disagreeing.length === 0) return undefined;
  const r = disagreeing[0]!;
  return new NeedsColumnMapping(
    `${fileName}: line ${sample[r]!.line}: the column "${indicator.name.trim()}" says "${indicator.values[r]!.trim()}" beside the amount ${amount.values[r]!.trim()}, written the other way, and agrees with the signs written on ${agree} other line${agree === 1 ? "" : "s"}: ` +
      `it may be the rows' kind or their side, and no balance column tells which; if the amounts carry their own signs, name the amount column with --amount-column "${amount.name.trim()}", else map the columns on the Import page`,
  );
}

/**
 * The rows (of the sample) whose side a column of credit marks only (oneSided) leaves in doubt: beside amounts that carry
 * their own signs on other rows, with every mark agreeing with its amount's sign, an unmarked amount written positive is
 * money out by the marks (an empty cell is the other side: a card's "CR" column over purchases written unsigned, the
 * account's fees written negative) and money in by its own sign (a Memo that says "credit" on one row beside a salary
 * written positive: review of r4-qa38, the salary booked as money out). Both readings agree with every marked row, so
 * the marks alone cannot tell (review of r4-memo): the balance column decides, when there is one (csv-guess.ts).
 */
export function unmarkedInDoubt(indicator: Column, amount: Column): number[] {
  if (oneSided(indicator).blank !== -1) return [];
  const t = marksBesideSigns(indicator, amount);
  return t !== undefined && t.agree > 0 && t.disagree === 0 ? t.unmarkedPositive : [];
}

/**
 * A column of debit/credit marks on all rows but one, or nine in ten, both kinds written, beside amounts that carry no sign
 * (bank2ynab's Austrian test export: "O"/"I" on 70 rows, "EUR" on three): its marks sign the amounts, and a row it leaves
 * unmarked is a bad row, named by its line (QA of stop 46: its 73 rows were all money in, with only a hint to flip signs).
 */
export function mostlyMarks(cols: readonly Column[], amount: Column, taken: ReadonlySet<number>): { indicator: number; letters?: true } | undefined {
  // Any sign written with an amount ("-4.50", "EUR -4,50", "$-4.50", "+12.00", "(4.50)") is the file's own; but on a row
  // the column leaves unmarked only, it is a footer's net total's (probe2 of issue 31: "Total;;-4052,00;" below D/H
  // marks made every row money in, exit 0), and that row stays unmarked: a bad row, named.
  const signed = amount.values.map((v) => SIGN_MARK.test(v));
  for (const c of cols) {
    if (c === amount || taken.has(c.index) || c.values.some((v, r) => signed[r] && v.trim() !== "")) continue;
    const letters = c.values.some((v) => indicatorSign(v) === undefined && LETTER_MARKS[v.trim().toLowerCase()] !== undefined);
    const signs = c.values.map((v) => indicatorSign(v) ?? LETTER_MARKS[v.trim().toLowerCase()]);
    const marked = signs.filter((x) => x === 1 || x === -1).length;
    if (marked >= 5 && c.values.length - marked <= Math.max(1, 0.1 * c.values.length) && signs.includes(1) && signs.includes(-1)) return { indicator: c.index, ...(letters ? { letters: true as const } : {}) };
  }
  return undefined;
}

/**
 * A column headed as a sign ("Sign", "Vorzeichen", "Segno") of 1 and −1 on every row, both written, beside amounts that
 * carry no sign: its numbers sign the amounts (review of QA round 21: "Sign" −1 ignored, every row money in).
 */
export function numberMarks(cols: readonly Column[], amount: Column, taken: ReadonlySet<number>): { indicator: number; numbers: true } | undefined {
  if (amount.values.some((v) => SIGN_MARK.test(v))) return undefined;
  const signs = (c: Column) => c.values.map((v) => NUMBER_MARKS[asciiMinus(v.trim())]);
  const column = cols.find((c) => c !== amount && !taken.has(c.index) && namesSign(c) && signs(c).every((s) => s !== undefined) && signs(c).includes(1) && signs(c).includes(-1));
  return column ? { indicator: column.index, numbers: true } : undefined;
}

/**
 * A card statement's column of row kinds ("Purchase", "Payment", "Interest Charge", KIND_MARKS) beside amounts written
 * without signs: every filled cell a known kind, "Purchase" among them (a card's: in a bank account's a "Payment" is
 * money out), and a payment to the card.
 */
export function kindMarks(cols: readonly Column[], amount: Column, taken: ReadonlySet<number>): { indicator: number; kinds: true } | undefined {
  if (amount.values.some((v) => SIGN_MARK.test(v))) return undefined;
  const column = cols.find((c) => {
    if (c === amount || taken.has(c.index)) return false;
    // (A kind is a word or two: a column of longer texts is none, and is not normalised cell by cell.)
    if (c.values.some((v) => v.length > 40)) return false;
    const kinds = c.values.map((v) => normaliseHeader(v)).filter((v) => v !== "");
    const signs = kinds.map((k) => KIND_MARKS[k]);
    // (A payment to the card among them: a column of purchases and refunds only, Curve's "Type", signs nothing the amounts do not.)
    if (!(kinds.length > 0 && signs.every((s) => s !== undefined) && kinds.some((k) => k === "purchase" || k === "purchases") && kinds.some((k) => k.startsWith("payment")))) return false;
    // Each row of a "Payment" whose kind does not say it is the card's ("Payment received") says so in its texts ("Payment
    // received - thank you", "AUTOPAY"): a checking account's "Payment" rows (a bill paid, a Zelle payment sent) are money
    // out, and signed as a card's they were read as money in (review of r4-left8).
    return c.values.every((v, row) => {
      if (normaliseHeader(v) !== "payment") return true;
      return cols.some((o) => o !== c && o !== amount && looksLikeCardPayment(o.values[row] ?? ""));
    });
  });
  return column ? { indicator: column.index, kinds: true } : undefined;
}

/**
 * A money app's column of row kinds, "Expense" and "Income", beside amounts written without signs (1Money's TYPE; qa33:
 * every expense was booked as money in, with only a hint to flip them all, which would have made the income money out):
 * an expense is money out, an income money in. Any other kind is no sign: the reader refuses its row, naming its line,
 * wherever it is in the file (review of qa33: a "Refund", German kinds, or a "Transfer" without 1Money's accounts made
 * the column declined, and every row was booked as money in). 1Money's transfers are skipped (appTransferSkip).
 */
export function appKindMarks(cols: readonly Column[], amount: Column, taken: ReadonlySet<number>): { indicator: number; kinds: true; app: true } | undefined {
  if (amount.values.some((v) => SIGN_MARK.test(v))) return undefined;
  const column = cols.find((c) => c !== amount && !taken.has(c.index) && KIND_HEADERS.has(c.norm) && c.values.some((v) => Object.hasOwn(APP_KIND_MARKS, normaliseHeader(v))));
  return column ? { indicator: column.index, kinds: true, app: true } : undefined;
}

/**
 * The kinds column of a money app's export known by its header set (app-exports.ts: Wallet by BudgetBakers' "type", Money
 * Manager's "Income/Expense") beside amounts written without a sign: its words sign the rows, and no other words do (a
 * card's "Payment" or "Interest" none). Amounts that carry signs keep them.
 */
export function appKinds(app: AppExport, cols: readonly Column[], amount: Column, taken: ReadonlySet<number>): { indicator: number; words: AppExport } | undefined {
  if (amount.values.some((v) => SIGN_MARK.test(v))) return undefined;
  const column = cols.find((c) => c !== amount && !taken.has(c.index) && normaliseHeader(c.name) === app.kinds);
  return column ? { indicator: column.index, words: app } : undefined;
}

/**
 * A kinds column beside amounts written without a sign that nothing else signed (no marks, no balance column, no card
 * export): when it says a row is money out in a bank's word for it ("Withdrawal", "Debit") beside a value that is no
 * sign ("Interest", "Check"), reading the amounts as written books that row as money in, exit 0 (review of r4-qa39: a
 * credit union's Withdrawal, Deposit and Interest, every withdrawal money in). Refused, naming the column, the word of
 * money out and the value that says neither, each with its line: which way that value's rows went the file alone
 * cannot tell.
 */
export function unsignedBesideKinds(cols: readonly Column[], amount: number, sample: readonly CsvRecord[], fileName: string): void {
  // Signed is what the amount reader reads as signed: a "DR" after the amount too (British and Australian statements,
  // review of r4-wallet finding 1), not a bare "CR" (debits bare, credits "CR": all money in as written).
  if (cols[amount]!.values.some((v) => SIGN_MARK.test(v) || writtenNegative(v))) return;
  const sign = (v: string) => indicatorSign(v) ?? appKindSign({ marks: APP_KIND_MARKS }, v);
  for (const c of cols) {
    if (c.index === amount || !KIND_HEADERS.has(c.norm) || c.values.some((v) => v.length > 40)) continue;
    const out = c.values.findIndex((v) => normaliseHeader(v).length >= 3 && sign(v) === -1);
    const neither = c.values.findIndex((v) => v.trim() !== "" && sign(v) === undefined);
    if (out < 0 || neither < 0) continue;
    throw new NeedsColumnMapping(
      `${fileName}: line ${sample[neither]!.line}: the amounts carry no sign, and the column "${c.name.trim()}" says money out on line ${sample[out]!.line} ("${c.values[out]!.trim()}") but "${c.values[neither]!.trim()}" here, which is no word this reader knows for money out or in, so the sign of its rows cannot be told; ` +
        "if the amounts carry their own signs, name the amount column with --amount-column, else map the columns on the Import page",
    );
  }
}

/** Headers that name a debit/credit indicator only sometimes ("Type" is as often a payment's kind: "Card payment", "Transfer"). */
const LOOSE_INDICATOR_HEADERS = new Set(["type", "typ", "art", "tipo", "direction", "richtung", "mouvement"]);

/**
 * A column headed as a debit/credit indicator ("Soll/Haben", "Segno", "D/C"…) with a value that is neither, beside
 * values that are (QA round 4: "Dare/Avere" holding D and A was dropped as a text, and every Dare amount read as
 * money in): reading its amounts as signed would give the rows it marks out the wrong sign, without a word. Refused,
 * naming the value, so the signs are set by hand.
 */
export function unreadIndicator(cols: readonly Column[], sample: readonly CsvRecord[], fileName: string, read: ColumnPlan["money"] | undefined): void {
  for (const c of cols) {
    if (LOOSE_INDICATOR_HEADERS.has(c.norm) || headerTier(c.norm, "indicator") === null) continue;
    // (A column of "+" and "–" that signs the amounts: dashMarks.)
    if (read?.kind === "indicator" && read.dashes && read.indicator === c.index) continue;
    const r = c.values.findIndex((v) => v.trim() !== "" && indicatorSign(v, c.norm) === undefined);
    if (r < 0 || !c.values.some((v) => indicatorSign(v, c.norm) !== undefined)) continue;
    throw unreadMark(c, r, sample, fileName);
  }
}

/** The refusal of a sign column's value that is no mark of money out or in (or of a row it leaves unmarked), naming its line (the sample's `r`th row). */
function unreadMark(c: Column, r: number, sample: readonly CsvRecord[], fileName: string): NeedsColumnMapping {
  const v = c.values[r]!.trim();
  return new NeedsColumnMapping(
    `${fileName}: line ${sample[r]!.line}: the column "${c.name.trim()}" marks money out and in, but ${v === "" ? "this line has no mark in it, so the sign of its row" : `its value "${v}" is neither a debit nor a credit mark, so the sign of its rows`} cannot be told; ` +
      "if the amounts carry their own signs, name the amount column with --amount-column, else map the columns on the Import page",
  );
}

/** "+" or a dash alone in a cell: 1 or −1 (DASH_MARKS); anything else, an empty cell too, undefined. */
const dashSign = (v: string): 1 | -1 | undefined => DASH_MARKS[asciiMinus(v.trim())];
/** A cell of one or two characters that are neither letters nor digits: a mark ("+", "–", "?", "*"). */
const MARK_CELL = /^[^\p{L}\p{N}\s]{1,2}$/u;
/** A header made of the sign marks themselves: "+/-", "±", "+/−", "-/+". */
const SIGN_SYMBOL_HEADER = /^(?:±|\+\s*\/?\s*[-\u2010-\u2013\u2212]|[-\u2010-\u2013\u2212]\s*\/?\s*\+)$/u;

/** A header that names the rows' sign ("Sign", "Vorzeichen", "Segno", "D/C", "+/-"), not one that only sometimes does ("Type"). */
const namesSign = (c: Column): boolean => SIGN_SYMBOL_HEADER.test(c.name.trim()) || (!LOOSE_INDICATOR_HEADERS.has(c.norm) && headerTier(c.norm, "indicator") !== null);

/**
 * A column of "+" and "–" (a dash, hyphen or minus) under a header that names a sign ("+/-", "Sign", "Vorzeichen"),
 * beside amounts written without a sign (issue 31's leftover: refused, the dash taken for a placeholder; under a "+/-"
 * header ignored, and every row booked as money in, exit 0): its marks sign the amounts, as an indicator column's do
 * (SPEC §10.1: first), when every row with an amount has one of them; one kind alone is enough (a month of purchases,
 * every row "–"). Under any other header such marks are a flag ("Beleg": a receipt kept or none) and sign nothing (review
 * of impl6: a salary beside such a flag was booked as money out). A balance column, when the file has one, checks them
 * as it checks any sign. A mark that is neither ("?"), or none on a row with an amount that is no balance or total line,
 * is refused, naming that line: its row's sign cannot be told.
 */
export function dashMarks(cols: readonly Column[], amount: Column, taken: ReadonlySet<number>, sample: readonly CsvRecord[], fileName: string): { indicator: number; dashes: true } | undefined {
  if (amount.values.some((v) => SIGN_MARK.test(v))) return undefined;
  const column = cols.find((c) => c !== amount && !taken.has(c.index) && namesSign(c) && c.values.some((v) => dashSign(v) !== undefined) && c.values.every((v) => v.trim() === "" || MARK_CELL.test(v.trim())));
  if (!column) return undefined;
  // (A balance or total line has no mark: readRows lists it as such.)
  const balanceLine = (r: number) => cols.some((o) => o !== amount && TOTAL_LINE.test(normaliseHeader(o.values[r] ?? "")));
  const r = column.values.findIndex((v, r) => dashSign(v) === undefined && amount.values[r]!.trim() !== "" && !(v.trim() === "" && balanceLine(r)));
  if (r >= 0) throw unreadMark(column, r, sample, fileName);
  return { indicator: column.index, dashes: true };
}

/**
 * Headers of a card statement's charged amount, the amount billed to the card (normalised): Israeli issuers' "סכום חיוב"
 * (Isracard, Cal, Max). Mostly positive under it, the rows are charges written positive (qa35's blind pass: an Isracard
 * statement of six purchases, all positive, and a Cal one with a refund the only minus, would be money in); mostly
 * negative (Max's export), they are read as written. Not beside a balance column: that is an account's export, its
 * balance decides the signs (review of qa35: a salary under "סכום חיוב" beside "יתרה" was called a card's charge).
 */
const CARD_CHARGE_HEADERS: ReadonlySet<string> = new Set(["סכום חיוב"].map(normaliseHeader));

/**
 * An amount column that marks its credits only: "2,310.00 CR" on some rows, the others bare ("45.20"), none written
 * negative (a minus, brackets, a trailing minus, "DR") nor with a plus. The mark says which side its rows are, so the
 * bare ones are the other side, money out, on an account's statement (debits bare, credits "CR") as on a card's
 * (purchases bare, the payment and refunds "CR"). Read as written, every row was money in, exit 0, and the note's
 * "flip the signs" would have turned the credits (this stop's probe).
 */
export function creditsMarkedOnly(amount: Column): boolean {
  const filled = amount.values.map((v) => v.trim()).filter((v) => /\d/.test(v));
  const credits = filled.filter((v) => sideMark(v) === "CR").length;
  return credits > 0 && credits < filled.length && !filled.some((v) => writtenNegative(v) || v.startsWith("+"));
}

/**
 * A card's two dates, the purchase's and the day the issuer posted it (normalised): US card downloads (Bilt's, Capital
 * One's, Chase's, Discover's "Trans. Date" beside "Post Date"; Apple Card's "Clearing Date"). Beside amounts that are all
 * positive and no balance column, they leave open whether the rows are a card's purchases or an account's deposits (qa48:
 * a Bilt card's month of purchases was booked as income, exit 0), so the user is asked. Only both together: a checking
 * account's export has one of them ("Posting Date").
 */
const CARD_DATE_PAIR: readonly ReadonlySet<string>[] = [["transaction date", "trans date", "purchase date"], ["posted date", "post date", "posting date", "clearing date"]].map((words) => new Set(words.map(normaliseHeader)));

/**
 * Whether a user's layout saved from a card's export (purchases written positive) says how to read a file of its header
 * (`amounts` and the description's `texts` by row): only one whose every amount is written positive, none of them money an
 * account receives (pay, a deposit, a transfer in, a payout, money given back, interest) — the next month's purchases, which nothing else in the file tells from money coming in. A file of both signs says
 * its convention itself, and is read as it would be with no layout saved: a header of common words is as much an account's
 * (review of r4-webqa: with a card's saved layout, 31 account exports of the fixtures had every sign turned, exit 0).
 */
export function cardLayoutDecides(amounts: readonly string[], texts: readonly (readonly string[])[]): boolean {
  const values = amounts.map(eitherMark);
  const written = values.filter((a): a is number => a !== null && a !== 0);
  const received = (text: string) => receivedByAccount(text) || SAVINGS_IN.test(text.slice(0, 200));
  return written.length > 0 && written.every((a) => a > 0) && !values.some((a, r) => a !== null && a > 0 && texts.some((t) => received(t[r] ?? "")));
}
/** A savings account's money in that no card has: a transfer from the holder's other account, interest earned, a dividend (review of r4-cardlayout: a deposits-only month read as a card's purchases). */
const SAVINGS_IN =
  /^\W*from\s+(?:checking|chequing|savings|joint)\b|^\W*interest\W*$|\b(?:monthly\s+interest|interest\s+(?:paid|payment|earned|credit(?:ed)?)|credit\s+interest|dividends?|transfer\s+in|incoming\s+transfer|ach\s+credit|deposit\s+from|virement\s+re[cç]u|zinsgutschrift|gutschrift|accredito|abono)\b/i;

/** The flag that says each reading of a file whose signs are in doubt (the web page's import words it as its tick). */
const whichFlag = (amountColumn: string) => `if they are card purchases, import it with --flip-signs; if they are money received, with --amount-column "${amountColumn}" (the signs as written)`;

/**
 * A file with no header row whose one column of amounts (headerlessMapping's signed column, no balance they walk) is
 * positive on every row, right beside a column empty on every row: the two are money out and money in with one side
 * unused (POSB's download: date, code, debit, credit; its card purchases "27 Feb 2018,UMC-, 7.80, ,…"), and nothing tells
 * which side is filled (qa50, blind pass: that purchase, and Barclaycard's headerless "…,Household,,20.59", were booked
 * as money in, exit 0). The user says which. Amounts marked with their side ("CR", "DR") say it themselves; amounts with
 * no empty column beside them are read as written (a savings book's one transfer in).
 */
export function headerlessSignsInDoubt(rows: readonly CsvRecord[], amount: number, names: readonly string[], fileName: string): void {
  const filled = rows.map((r) => (r.fields[amount] ?? "").trim()).filter((v) => v !== "");
  const amounts = signedAmounts(filled);
  // (A plus written before the money in says its side as a minus would: review of r4-qa50.)
  if (amounts.length === 0 || amounts.some((a) => a < 0) || filled.some((v) => sideMark(v) !== null || v.startsWith("+"))) return;
  const empty = [amount + 1, amount - 1].find((c) => c >= 0 && rows.every((r) => c < r.fields.length && r.fields[c]!.trim() === ""));
  if (empty === undefined) return;
  const name = names[amount]!;
  throw new SignsInDoubt(
    `${fileName}: the file has no header row, and every one of the ${amounts.length} amounts in "${name}" is positive beside "${names[empty]}", empty on every row: ` +
      `they may be money out with money in unused, or the other way round, and nothing in the file (a minus, a header, a balance the amounts walk) tells which; ${whichFlag(name)}`,
  );
}

/**
 * Whether a file of one signed amount column (column `amount`) writes its card purchases positive. A card export with
 * one signed column of mostly positive amounts writes purchases positive: a card-number column (`card`) says it is a
 * card's, or a payment to the card ("ONLINE PAYMENT - THANK YOU", Amex's plain Date,Description,Amount) that is negative
 * where a bank account would show a payment received as money in. `textColumns`: the description's columns, where such
 * payments are named. `askWhenUnsure`: refuse a file of nearly all positive amounts that nothing else tells (false when
 * the user named the amount column or flipped the signs: that says it).
 */
export function writesPurchasesPositive(cols: readonly Column[], amount: number, textColumns: readonly number[], card: Column | undefined, balance: Column | undefined, balanceOwed: boolean, askWhenUnsure: boolean, fileName: string, lines: readonly number[]): boolean {
  const values = cols[amount]!.values;
  const amounts = signedAmounts(values);
  const texts = textColumns.map((i) => cols[i]!.values);
  const cardHolder = cols.some((c) => c.norm === "titulaire de la carte");
  // A payment to the card written negative, in the card's own words (cardsPaymentLine). Words that merely name a card
  // paid ("CHASE CREDIT CRD AUTOPAY", "VERIZON WIRELESS AUTOPAY", "ZAHLUNG KREDITKARTE BESTEN DANK") are an account's
  // debit as often: alone they tell nothing (this stop's probe: a current account's month of money in beside one such
  // debit had every sign turned, exit 0); they only keep such a file from being read as written unasked (below).
  const paidRows = values.map((v, r) => (eitherMark(v) ?? 0) < 0 && texts.some((t) => cardsPaymentLine(t[r] ?? "", cardHolder)));
  const paidToCard = paidRows.some(Boolean);
  // The card's own line for a payment, written negative, with at least half of the other rows positive (the
  // purchases): Aqua's card export of a payment, a refund and two purchases, half of them negative (QA round 21,
  // countinghouse's aqua.csv run as it is: every purchase was money in, exit 0). Only the whole fixed line at the
  // text's start: a current account's "Zahlung Rechnung 4711 danke" or "REVERSAL OF PAYMENT RECEIVED J SMITH" out,
  // its salary in, turned every sign (review of QA round 21).
  const others = signedAmounts(values.filter((v, r) => !paidRows[r]));
  const thanked = paidToCard && others.filter((a) => a > 0).length * 2 >= others.length;
  // A card-number column and a payment to the card written negative decide it alone: a month with one purchase, the
  // payment and a refund is mostly negative (QA round 4: its purchase was read as money in, the payment as money out).
  const mostlyPositive = mostlyWrittenPositive(amounts);
  // A card-number column alone, amounts of both signs: an account's export that names the card a payment was made with
  // (T-Bank's "Номер карты" on its purchases only, the salary positive; QA round 4, review of pass 12: every sign was
  // turned). Only with every amount positive does the card column say the purchases are written so.
  const allPositive = amounts.length > 0 && amounts.every((a) => a > 0);
  // The card number on the purchases and refunds, mostly positive, and none on the payments to the card and the
  // bank's own credits, all negative, one of them the holder's payment ("Ihre Zahlung": Cornèr's card export; QA round
  // 4, pass 20: its purchases were money in, or the file refused). The sides alone say nothing: an account's export
  // names the card on its cash deposits too (review of pass 20: every sign of one was turned, the rent money in).
  const cardCells = card?.values ?? [];
  const withCard = values.flatMap((v, r) => ((cardCells[r] ?? "").trim() !== "" ? [eitherMark(v) ?? 0] : [])).filter((a) => a !== 0);
  const withoutCard = values.flatMap((v, r) => ((cardCells[r] ?? "").trim() === "" ? [{ amount: eitherMark(v) ?? 0, r }] : [])).filter((a) => a.amount !== 0);
  const holderPaid = withoutCard.some(({ r }) => texts.some((t) => HOLDER_PAYMENT.test(t[r] ?? "")));
  const cardSides = card !== undefined && holderPaid && withoutCard.every((a) => a.amount < 0) && withCard.filter((a) => a > 0).length / withCard.length > 0.5;
  const byKind = purchasesSign(cols, values);
  const paidIn = values.some((v, r) => (eitherMark(v) ?? 0) > 0 && texts.some((t) => INCOME_TEXT.test(t[r] ?? "")));
  const charged = CARD_CHARGE_HEADERS.has(cols[amount]!.norm) && mostlyPositive && !balance;
  // Pay after its payer's name says an account less surely than at the text's start (a card's merchant "GUSTO PAYROLL
  // FEE"): it only keeps the autopay line from telling a card, so that the user is asked (named, below).
  const payWithin = values.some((v, r) => (eitherMark(v) ?? 0) > 0 && texts.some((t) => PAY_WITHIN.test((t[r] ?? "").slice(0, 200))));
  const autopayFirst = values.findIndex((v, r) => (eitherMark(v) ?? 0) < 0 && texts.some((t) => AUTOPAY_FIRST.test((t[r] ?? "").trim())));
  // A card payment at a till or a cash withdrawal written negative ("Eftpos Purchase", "Atm Withdrawal" among a shop's
  // takings) tells an account's export, which writes spending so (QA round 4, pass 26: an Australian download, refused).
  const spentNegative = values.some((v, r) => (eitherMark(v) ?? 0) < 0 && texts.some((t) => isSpending(t[r] ?? "")));
  // Money an account receives, written positive (pay or a deposit, a transfer in, a payout, money given back): beside the
  // issuer's bare autopay line the file says both (r4-signs2: a checking month of transfers in, a cash-out and a refund
  // beside "AUTOPAY PAYMENT" had every sign turned, exit 0).
  const accountIn = values.findIndex((v, r) => (eitherMark(v) ?? 0) > 0 && texts.some((t) => receivedByAccount(t[r] ?? "")));
  const autopayTells = autopayFirst >= 0 && mostlyPositive && accountIn < 0 && !payWithin && !spentNegative;
  const refunded = refundedNegative(values, texts, accountIn >= 0 || payWithin);
  // A header that names the amount owed (balanceOwed) beside money an account receives written positive: an account's
  // balance under a card's word, or a card's month with such a line; the user says which (review of r4-signs3: an
  // account's month under "Outstanding balance" had every sign turned, its payroll money out, "checked", exit 0).
  if (balance && balanceOwed && askWhenUnsure && byKind === 0 && mostlyPositive && (accountIn >= 0 || payWithin)) {
    const at = accountIn >= 0 ? accountIn : values.findIndex((v, r) => (eitherMark(v) ?? 0) > 0 && texts.some((t) => PAY_WITHIN.test(t[r] ?? "")));
    const received = texts.map((t) => (t[at] ?? "").trim()).find((x) => x !== "") ?? "";
    throw new SignsInDoubt(`${fileName}: the balance column "${balance.name.trim()}" names an amount owed (a card's or a loan's), but line ${lines[at]}: "${received.slice(0, 80)}" written positive reads as money coming into an account; ${whichFlag(cols[amount]!.name.trim())}`);
  }
  const told = byKind !== 0 ? byKind > 0 : (card !== undefined && paidToCard) || thanked || autopayTells || (card !== undefined && allPositive) || cardSides || charged || (!balance && (chinesePurchasesPositive(values, texts) || interestChargedPositive(values, texts)));
  // Signs of both kinds, nearly all positive, and nothing else to tell by (no card column, no payment to the card, no
  // kinds, no balance column): a card's export of purchases and a refund, or an account's money coming in and a
  // withdrawal? A wrong guess books every purchase as income (QA round 4), so the user says which; naming the amount
  // column or flipping the signs is saying it. (Amounts all positive say nothing of a convention: read as written.)
  // (Not the lines that state the statement's balance, Standard Bank's "OPEN BALANCE" and "CLOSE BALANCE" beside its
  // rows: no bookings, they made a file of two credits and a purchase "4 of the 5 amounts positive", refused; review of r4-qa32.)
  const statesBalance = (r: number) => cols.some((c) => statedBalanceKind(normaliseHeader(c.values[r] ?? "")) !== null);
  const booked = signedAmounts(values.filter((_, r) => !statesBalance(r)));
  const positive = booked.filter((a) => a > 0).length;
  const mixed = positive < booked.length;
  // Spending written negative tells it (spentNegative); so does pay or a deposit written positive (paidIn).
  const unsure = !told && mixed && byKind === 0 && !balance && !spentNegative && askWhenUnsure;
  const name = cols[amount]!.name.trim();
  // The issuer's autopay line written negative says a card, money an account receives written positive says an account:
  // the file says both (a card's merchant "SALARY FINANCE LTD"; an account's debit "AUTOPAY PAYMENT"), and a wrong guess turns every sign.
  if (unsure && accountIn >= 0 && autopayFirst >= 0 && mostlyPositive) {
    const paid = texts.map((t) => (t[autopayFirst] ?? "").trim()).find((t) => AUTOPAY_FIRST.test(t))!;
    const received = texts.map((t) => (t[accountIn] ?? "").trim()).find(receivedByAccount)!;
    throw new SignsInDoubt(
      `${fileName}: line ${lines[autopayFirst]}: "${paid.slice(0, 80)}" written negative reads as a card's automatic payment, and line ${lines[accountIn]}: "${received.slice(0, 80)}" written positive as money coming into an account: ` +
        `the file says both, and ${positive} of the ${booked.length} amounts in "${name}" are positive; ${whichFlag(name)}`,
    );
  }
  // The issuer's payment line and money given back, both written negative, beside purchases: a card's month, or an
  // account's takings beside a refund it paid out and its card paid (refundedNegative): the user says which.
  if (unsure && refunded) {
    const said = (r: number) => `line ${lines[r]}: "${texts.map((t) => (t[r] ?? "").trim()).find((t) => t !== "")!.slice(0, 80)}"`;
    throw new SignsInDoubt(
      `${fileName}: ${said(refunded.paid)} and ${said(refunded.back)} are written negative beside ${positive === 1 ? "one positive amount" : `${positive} positive amounts`} in "${name}": a card's month (purchases positive, its payment and a refund negative) or an account's (money coming in, a refund it paid out, a card paid), and nothing else in the file tells which; ${whichFlag(name)}`,
    );
  }
  // Mostly positive beside a payment with no payee written negative (barePayment), and a balance column that walks with
  // the amounts as written: an account's balance with its money in and a payment out, or a card's amount owed with its
  // purchases and the payment it received (r4-signs3: a card's month beside "Balance" was booked as money in, exit 0).
  // Only a header that names the amount owed tells (balanceOwed); else the user says which.
  const bare = values.findIndex((v, r) => (eitherMark(v) ?? 0) < 0 && texts.some((t) => barePayment(t[r] ?? "")));
  if (!told && byKind === 0 && balance && !balanceOwed && askWhenUnsure && bare >= 0 && mostlyPositive && accountIn < 0 && !paidIn && !payWithin && !spentNegative && walksAsWritten(balance, values)) {
    const text = texts.map((t) => (t[bare] ?? "").trim()).find(barePayment)!;
    throw new SignsInDoubt(
      `${fileName}: line ${lines[bare]}: "${text.slice(0, 80)}" is written negative and names a payment, and ${positive} of the ${booked.length} amounts in "${name}" are positive, beside a balance column ("${balance.name.trim()}") that rises with them: ` +
        `a card's export (purchases positive, the balance the amount owed) or an account's (money coming in, a payment going out), and the balance walks with either; ${whichFlag(name)}`,
    );
  }
  // Mostly positive beside a debit whose words name a card paid, not in the card's own words: a card's export (the
  // purchases, its payment received) or an account's (money in, a payment to a card, a utility's autopay)? Either
  // reading books every row of the other the wrong way round, so the user says which.
  const named = values.findIndex((v, r) => (eitherMark(v) ?? 0) < 0 && texts.some((t) => namesCardPaid(t[r] ?? "")));
  if (unsure && !paidIn && named >= 0 && mostlyPositive) {
    const text = texts.map((t) => (t[named] ?? "").trim()).find(namesCardPaid)!;
    throw new SignsInDoubt(
      `${fileName}: line ${lines[named]}: "${text.slice(0, 80)}" is written negative and names a payment to a card, but not in a card issuer's own words, and ${positive} of the ${booked.length} amounts in "${name}" are positive: ` +
        `it may be a card's export (purchases positive, the payment it received negative) or an account's (money coming in, a payment to a card going out), and nothing else in the file (the card's own payment line, a column of row kinds, a balance column) tells which; ${whichFlag(name)}`,
    );
  }
  if (unsure && !paidIn && positive >= MOSTLY_POSITIVE.rows && positive / booked.length >= MOSTLY_POSITIVE.share) {
    throw new SignsInDoubt(
      `${fileName}: ${positive} of the ${booked.length} amounts in "${name}" are positive, and nothing in the file (a card column, a payment to the card, a balance column) tells whether it is a card's export that writes purchases positive or an account's money coming in; ${whichFlag(name)}`,
    );
  }
  const cardDates = CARD_DATE_PAIR.map((words) => cols.find((c) => words.has(c.norm)));
  // (Whatever the count: a Bilt month of its rent charge alone is one row; review of r4-qa48.)
  if (!told && !mixed && positive >= 1 && !balance && !paidIn && askWhenUnsure && cardDates.every((c) => c !== undefined)) {
    const [bought, posted] = cardDates.map((c) => c!.name.trim());
    throw new SignsInDoubt(
      `${fileName}: every one of the ${positive} amounts in "${name}" is positive beside a card's two dates ("${bought}" and "${posted}"), and nothing in the file (a payment to the card, a balance column) tells whether they are a card's purchases or an account's money coming in; ` +
        whichFlag(name),
    );
  }
  return told;
}
