/**
 * The columns of a CSV of no known layout, from its header words (csv-words.ts) checked against
 * what the columns hold (a "Valuta" column of dates is a value date, one of codes a currency), or
 * from the user's mapping, which overrides every guess. The result has the shape a known layout
 * resolves to (`ColumnPlan`), so one row reader serves both.
 *
 * Signs, in SPEC §10.1's order: an indicator column (S/H, D/C, CRDT/DBIT, Af/Bij, +/−…) with an
 * amount column; else a debit and a credit column ("Montant débité" is a debit column, never a
 * signed amount); else one signed amount column. A card export (a card-number column) whose
 * amounts are mostly positive writes purchases positive: they are turned to money out. (The sign rules are
 * in csv-signs.ts, the rules of the rows skipped in csv-skips.ts, the columns' content tests in csv-columns.ts.)
 * What cannot be decided is asked for: the error names the columns found and the flags that settle it.
 */
import { ImportInputError, NeedsColumnMapping } from "../../core/errors.ts";
import { ISO_CURRENCIES } from "../../core/validation.ts";
import type { CsvRecord } from "./delimited.ts";
import { moneyCells, type ByDirection, type ColumnPlan } from "./csv-layout.ts";
import { bareSignMark, headerAsIdsWereFixed, headerTier, IBAN_CELL, indicatorSign, normaliseHeader, NOT_THE_AMOUNT, notTheCurrency, REFUND_KINDS, round3Header, SECTION_TITLES, statedBalanceKind, type Role } from "./csv-words.ts";
import type { CsvMapping } from "./types.ts";
import { looksLikeDate, MINUS_MARK, sideMark, SIGN_MARK } from "./values.ts";
import { allEmpty, centsOf, type Column, columnsOf, eitherMark, eraDatesIn, fits, isCurrencyCode, KIND_HEADERS, listColumns, looksLikeAmount, share, signedMoneyUnderMarks, unnamed } from "./csv-columns.ts";
import { skipRules } from "./csv-skips.ts";
import { appExportOf, type AppExport } from "./app-exports.ts";
import { appKindMarks, appKinds, contradictsSigns, creditsMarkedOnly, dashMarks, kindMarks, kindOrSideInDoubt, mostlyMarks, numberMarks, oneSided, owedBalance, signedBesideUnsigned, unmarkedInDoubt, unreadIndicator, unsignedBesideKinds, writesPurchasesPositive } from "./csv-signs.ts";

/**
 * Of two or more party columns, those that say one and the same name on every sampled row are the account holder's own
 * (KBC's "Naam" beside "Naam tegenpartij"; QA round 4, pass 15: every description began "MAX MUSTER"), not the other party.
 */
export const constant = (values: readonly string[]) => values.length >= 2 && values[0]!.trim() !== "" && values.every((v) => v.trim() === values[0]!.trim());

function holderLeftOut(cols: readonly Column[], party: number[]): number[] {
  if (party.length < 2) return party;
  const kept = party.filter((i) => !constant(cols[i]!.values));
  return kept.length > 0 ? kept : party;
}

/**
 * The holder's own name in a payee and payer column pair: the one name in one of the two on every sampled row that fills
 * both, with two such rows at least (Venmo: "Jane Doe" in From of what she paid, in To of what she was paid).
 */
function holderOfPair(cols: readonly Column[], payee: number, payer: number): ColumnPlan["holder"] {
  let common: Set<string> | null = null;
  let rows = 0;
  cols[payee]!.values.forEach((v, r) => {
    const pair = [v.trim(), (cols[payer]!.values[r] ?? "").trim()];
    if (pair.some((x) => x === "")) return;
    rows++;
    common = new Set(common === null ? pair : pair.filter((x) => common!.has(x)));
  });
  const names = [...(common ?? new Set<string>())];
  return rows >= 2 && names.length === 1 ? { name: names[0]!, payee, payer } : undefined;
}

/** Kinds of a row that sign its amount too (csv-words.ts's indicator words that are a payment's kind as well). */
const SIGNING_KINDS = new Set(["withdrawal", "deposit", "einzahlung", "auszahlung"]);
/**
 * Headers of a kinds column that are no kind word of their own, and so name no sign (not in KIND_HEADERS): Standard Bank
 * (ZA)'s "BANK ACTIVITY STATUS" ("CHEQUE CARD PURCHASE", "SALARY CREDIT", "IB PAYMENT TO"; QA round 4: left out of
 * every description, "0821234567 10H15 123456789" said nothing of an instant-money fee).
 */
const KIND_TEXT_HEADERS = new Set(["bank activity status"]);

/**
 * A column of the rows' kinds written out ("Bankgutschrift auf PayPal-Konto", "SEPA-Lastschrift von"): often all a row
 * says of itself, so it ends the description (after the party and the purpose, which name the payment first). A column
 * of short codes ("DD", "BGC") says nothing to a reader and is left out. As a list: none or one.
 */
function kindColumn(cols: readonly Column[], used: ReadonlySet<number>): number[] {
  // Nor a kind that is the same on every sampled row (Fidelity's Type "Cash"): it tells no row from another.
  const varies = (x: Column) => {
    const filled = x.values.map((v) => v.trim()).filter((v) => v !== "");
    return filled.length < 3 || new Set(filled).size > 1;
  };
  const c = cols.find((x) => !used.has(x.index) && (KIND_HEADERS.has(x.norm) || KIND_TEXT_HEADERS.has(x.norm)) && fits(x, "text") && x.values.some((v) => v.trim().length > 3) && varies(x));
  return c ? [c.index] : [];
}

/** Headers that are something else than the row's own signed amount. */
const MONEY_ELSEWHERE: Role[] = ["debit", "credit", "detail", "balance", "indicator", "originalAmount", "fees"];

const TEXT_ROLES = new Set<Role>(["payee", "payer", "party", "text", "memo"]);
// Nor a party's status (PayPal's "Counterparty Status": "Non-US - Verified"; QA round 4, pass 26: in every description).
const NOT_TEXT = /\b(bic|swift|blz|bankleitzahl|sort code|e mail|email|id|status)\b/;
/**
 * Headers of the statement's own account's name or holder, the same on every row: no word of the payment (NatWest's
 * "Account Name", Tide's "Account name", ING Belgium's "Naam van de rekening": "Zichtrekening").
 */
const OWN_ACCOUNT_TEXT = new Set([
  "account name", "account holder", "account holder name", "kontoinhaber", "kontoname", "kontobezeichnung", "titulaire du compte", "nom du compte", "intestatario",
  "nome del conto", "nombre de la cuenta", "nazev uctu", "nazwa rachunku", "rekeningnaam", "naam van de rekening", "naam rekening",
  // The Volksbanks' export since 2023 names its own account ("Bezeichnung Auftragskonto": "Girokonto" on every row; QA round 4, pass 15).
  "bezeichnung auftragskonto", "bankname auftragskonto", "name auftragskonto",
  // csb43's "short_name": the account holder's, on every row.
  "short name",
]);

/** Headers of the statement's own account in a column of its own (Belfius "Rekening", KBC "Rekeningnummer", Rabobank "IBAN/BBAN"). */
// (Not "IBAN" alone: as often the other party's, as in Volksbank's and Deutsche Bank's exports.)
// (BNZ's "This Party Account", beside its "Other Party Account": qa35's blind pass, its dollars were the data's main currency.)
export const OWN_ACCOUNT_HEADERS = new Set(["rekening", "rekeningnummer", "iban bban", "account", "account number", "auftragskonto", "kontonummer", "numero de compte", "compte", "conto", "cuenta", "this party account"]);

/** An account number: an IBAN, or digits with letters, spaces, dots, dashes (ING's savings account "K 444-12345"). */
export const ACCOUNT_NUMBER = /^(?=(?:\D*\d){4})[A-Z0-9][A-Z0-9 ./-]{3,33}$/i;

/** A header that can only name the statement's own account, never the other party's (Sparkasse's "Auftragskonto"). */
const CLEARLY_OWN_ACCOUNT_HEADERS = new Set(["auftragskonto"]);

/**
 * Whether the balance after each row breaks exactly where the account column changes and holds everywhere else, in one
 * direction (oldest or newest first): each account's balances are its own. (Amounts of a signed, split or marked column.)
 */
function balancesBreakAtAccounts(cols: readonly Column[], money: ColumnPlan["money"], balance: number, accounts: readonly string[]): boolean {
  const marked = money.kind === "indicator" ? money : null;
  const move = marked ? (r: number) => Math.abs(centsOf(cols[marked.amount]!.values[r])) * (indicatorSign(cols[marked.indicator]!.values[r] ?? "", cols[marked.indicator]!.norm) ?? 0) : rowCents(cols, money);
  const values = cols[balance]!.values;
  if (!move || values.some((v) => eitherMark(v) === null)) return false;
  const holds = (r: number, forward: boolean) => (forward ? centsOf(values[r - 1]) + move(r) === centsOf(values[r]) : centsOf(values[r]) + move(r - 1) === centsOf(values[r - 1]));
  return [true, false].some((forward) => values.every((_, r) => r === 0 || holds(r, forward) === (accounts[r] === accounts[r - 1])));
}

/**
 * The plan's own account columns: a money app's (app-exports.ts AppExport.account, known by the app's whole header), whose
 * rows had none in their ids; else ownAccountsColumn's; else one account's (oneOwnAccountColumn), whose ids stay as they were.
 * The app's column is one of its name that holds names (text, a letter in its values), the first such: Money Manager's
 * other "Accounts" holds amounts (review of r4-msacct: with the two in another order, rows were booked to accounts "85000",
 * "60", both legs of a transfer to one "3000", exit 0); none of names, none read.
 */
function ownAccountColumns(cols: readonly Column[], taken: ReadonlySet<number>, money: ColumnPlan["money"], balance: number | null, app: AppExport | undefined): Pick<ColumnPlan, "accountColumns" | "accountNotInIds"> {
  const names = (c: Column) => fits(c, "text") && c.values.some((v) => /\p{L}/u.test(v));
  const appAccount = app?.account === undefined ? undefined : cols.find((c) => c.norm === app.account && !taken.has(c.index) && names(c));
  if (appAccount) return { accountColumns: [appAccount.index], accountNotInIds: "none" };
  const several = ownAccountsColumn(cols, taken, money, balance);
  if (several.length) return { accountColumns: several };
  const one = oneOwnAccountColumn(cols, taken);
  return one === null ? { accountColumns: [] } : { accountColumns: [one], accountNotInIds: true };
}

/**
 * A column of the statement's own account that holds two accounts or more, each on one run of rows (ING's export of all
 * its accounts in English, "Account"; of its savings accounts, "K 444-12345"; QA round 21: refused, one account's balances
 * run on into the next's): each row is booked to its account, and each account's balance checked on its own. Only when
 * the file says these are its own accounts: the balance after each row breaks exactly where the account changes and holds
 * within each, or a header that names only the own account. An "Account" or "Kontonummer" of the other party's account
 * (the landlord's IBAN on the rent's rows) is no account of the statement (review of QA round 21: rows were booked to the
 * landlord's IBAN, and a balance stored for it). A column of one account is read only as oneOwnAccountColumn says.
 */
function ownAccountsColumn(cols: readonly Column[], taken: ReadonlySet<number>, money: ColumnPlan["money"], balance: number | null): number[] {
  // YNAB's register export: its "Account" beside "Outflow" and "Inflow" names the budget's own account of each row, by the
  // name the user gave it (issue 31, the last stop's leftover: the rows had no account). Only with YNAB's "Flag" and
  // "Cleared" beside them: another file's "Account" beside "Outflow" and "Inflow" may be the other party's (review of
  // impl5: each row was booked to the payee's IBAN).
  const register = ["outflow", "inflow", "flag", "cleared"].every((n) => cols.some((c) => c.norm === n));
  const named = register ? cols.find((c) => c.norm === "account" && !taken.has(c.index) && c.values.every((v) => v.trim() !== "")) : undefined;
  if (named) return [named.index];
  for (const c of cols) {
    if (taken.has(c.index) || !OWN_ACCOUNT_HEADERS.has(c.norm)) continue;
    const values = c.values.map((v) => v.trim());
    if (values.length < 2 || !values.every((v) => ACCOUNT_NUMBER.test(v))) continue;
    const runs = values.filter((v, r) => r === 0 || v !== values[r - 1]);
    // (Two accounts on two rows alone say no more than two other parties' accounts would.)
    if (runs.length < 2 || runs.length === values.length || new Set(runs).size !== runs.length) continue;
    if (CLEARLY_OWN_ACCOUNT_HEADERS.has(c.norm) || (balance !== null && balancesBreakAtAccounts(cols, money, balance, values))) return [c.index];
  }
  return [];
}

/** Words that make a header of an account the other party's: Belfius's "Compte contrepartie" beside its "Compte". */
const COUNTERPARTY_WORD = /^(?:contrepartie|tegenpartij|counterparty)$/;

/**
 * A column of the statement's own account that holds one account on every row, told from the other party's by a column
 * of the same name with the other party's word (Belfius: "Compte" and "Compte contrepartie", "Rekening" and "Rekening
 * tegenpartij"; qa37: the rows were stored with no account), or by the Dutch "Tegenrekening" before it (Rabobank:
 * "IBAN/BBAN" and "Tegenrekening IBAN/BBAN"; uqa9: twelve monthly statements stored with no account, not chained). Read
 * since the ids were fixed: its rows' ids are built with the account they had then (ColumnPlan.accountNotInIds), so a
 * month imported before comes back as duplicates.
 */
function oneOwnAccountColumn(cols: readonly Column[], taken: ReadonlySet<number>): number | null {
  for (const c of cols) {
    if (taken.has(c.index) || !OWN_ACCOUNT_HEADERS.has(c.norm)) continue;
    const other = cols.some((o) => o.norm === `tegenrekening ${c.norm}` || (o.norm.startsWith(`${c.norm} `) && COUNTERPARTY_WORD.test(o.norm.slice(c.norm.length + 1))));
    const values = new Set(c.values.map((v) => v.trim()));
    const [only] = values;
    if (other && values.size === 1 && only !== undefined && ACCOUNT_NUMBER.test(only)) return c.index;
  }
  return null;
}

/**
 * The Volksbanks' older export: "Auftraggeber/Zahlungsempfänger" is the holder's side of each booking (the one who
 * orders a payment out, receives one in), "Empfänger/Zahlungspflichtiger" the other party's (QA round 4, pass 20: the
 * holder's name began the description of every payment out, its payee left out). Only with the other party's column
 * beside it: alone, it is the other party (review of pass 20: such a file lost every counterparty).
 */
const HOLDER_SIDE = new Set(["auftraggeber zahlungsempfanger", "auftraggeber zahlungsempfaenger"]);
const OTHER_SIDE = new Set(["empfanger zahlungspflichtiger", "empfaenger zahlungspflichtiger"]);
const holderSide = (c: Column, cols: readonly Column[]) => HOLDER_SIDE.has(c.norm) && cols.some((o) => OTHER_SIDE.has(o.norm));

/**
 * A bare "Nombre" is PayPal's other party only when it names one: not one name on every sampled row (a card's or an
 * account's holder), nor beside a holder's, merchant's or partner's column (review of qa24: a card export's
 * "Nombre;Comercio" lost every merchant to the cardholder's name). So is Hype's "Nome" (review of r4-qa31: the holder's
 * "MARIO ROSSI" on every row became every row's counterparty), and PayPal's French "Nom".
 */
const BARE_NAMES = new Set(["nombre", "nome", "nom"]);
const holderName = (c: Column, cols: readonly Column[]) => BARE_NAMES.has(c.norm) && (constant(c.values) || cols.some((o) => /\b(titular|comercio|socio)\b/.test(o.norm)));

/**
 * A column headed as the statement's opening or closing balance that states it, no balance after each row. An opening
 * one never is that (a balance before each row, "Open Balance": taken as the balance after, every sign was turned). A
 * closing one filled on every row and changing from row to row is the balance after each row under another name (HDFC's
 * "Closing Balance", "Close Balance": review of r4-qa32, left to the content walk, a doubled row was no balance column at
 * all, and passed unchecked, exit 0); of one value on every row, or filled on some rows only, it states the balance.
 */
function statedBalance(c: Column): boolean {
  const kind = statedBalanceKind(c.norm);
  return kind === "opening" || (kind === "closing" && !(c.values.length >= 2 && c.values.every((v) => v.trim() !== "") && !constant(c.values)));
}

function tierFor(c: Column, role: Role, cols: readonly Column[]): number | null {
  if (role === "amount" && !NOT_THE_AMOUNT.test(c.norm) && signedMoneyUnderMarks(c)) return 1;
  if (role === "amount" && (NOT_THE_AMOUNT.test(c.norm) || MONEY_ELSEWHERE.some((r) => headerTier(c.norm, r) !== null))) return null;
  if ((role === "debit" || role === "credit") && (NOT_THE_AMOUNT.test(c.norm) || headerTier(c.norm, "detail") !== null || headerTier(c.norm, "balance") !== null || signedMoneyUnderMarks(c))) return null;
  if (role === "currency" && notTheCurrency(c.norm, cols.map((o) => o.norm))) return null;
  // The statement's opening or closing balance in a column ("Ending Balance", csb43's "final_balance") is no balance after each row.
  if (role === "balance" && statedBalance(c)) return null;
  // A bank's code (BIC, SWIFT, BLZ), an e-mail address, an id is no text of the payment, whatever party it names ("BIC
  // tegenpartij", PayPal's "Empfänger E-Mail-Adresse", "Reference Txn ID").
  // Nor is a column of account numbers (BNP Paribas Fortis's "Tegenpartij": the other party's IBAN). (Not in fits(): the
  // round-3 description's columns stay as they were.)
  // Nor is the card a row was paid with (Curve's "Card Name": the funding card, on every row).
  if (TEXT_ROLES.has(role) && (NOT_TEXT.test(c.norm) || OWN_ACCOUNT_TEXT.has(c.norm) || holderSide(c, cols) || holderName(c, cols) || headerTier(c.norm, "card") !== null || share(c.values, (v) => IBAN_CELL.test(v.trim())) >= 0.8)) return null;
  const t = headerTier(c.norm, role);
  // An indicator column speaks for itself (every value S/H, D/C, Debit/Credit…) whatever its header; Italian D/A only
  // under its header: a column of nothing but "A" is a text. Nor does a column of nothing but dashes: a placeholder
  // (Scotiabank's headerless export has a "-" on every row; QA round 4, sixth pass: it made every deposit money out).
  // Nor "K" alone (Swedbank's kredit; review: a Status column of "K" turned every sign), as "A".
  if (t === null && role === "indicator" && !allEmpty(c.values) && !c.values.every((v) => /^\s*(a|k|[-\u2013\u2014])?\s*$/i.test(v))) return 9;
  return t;
}

/** Columns fitting a role, best tier first, then left to right. */
function candidates(cols: readonly Column[], role: Role, taken: ReadonlySet<number>): Column[] {
  return cols
    .map((c) => ({ c, t: taken.has(c.index) ? null : tierFor(c, role, cols) }))
    .filter((x): x is { c: Column; t: number } => x.t !== null && fits(x.c, role))
    .sort((a, b) => a.t - b.t || a.c.index - b.c.index)
    .map((x) => x.c);
}

/** How many roles a row's cells name: a header row names at least two (a date and an amount, say). */
export function headerHits(fields: readonly string[]): number {
  const norms = fields.map(normaliseHeader);
  const roles: Role[] = ["date", "amount", "debit", "credit", "currency", "payee", "party", "text", "memo"];
  return roles.filter((r) => norms.some((h) => headerTier(h, r) !== null)).length;
}

function columnByName(cols: readonly Column[], name: string, flag: string, fileName: string): Column {
  const want = name.trim();
  const col = cols.find((c) => c.name.trim() === want) ?? cols.find((c) => c.name.trim().toLowerCase() === want.toLowerCase());
  if (!col) throw new NeedsColumnMapping(`${fileName}: ${flag} "${name}" is not a column; the columns are ${listColumns(cols)}`);
  return col;
}

/** Each sampled row's amount in cents by the money columns (one signed column, or a debit and a credit one), or null. */
function rowCents(cols: readonly Column[], money: ColumnPlan["money"]): ((r: number) => number) | null {
  if (money.kind === "signed") return (r) => centsOf(cols[money.amount]!.values[r]);
  if (money.kind === "split") return (r) => (centsOf(cols[money.credit]!.values[r]) === 0 ? -Math.abs(centsOf(cols[money.debit]!.values[r])) : Math.abs(centsOf(cols[money.credit]!.values[r])));
  return null;
}

/**
 * Whether a signed amount column, filled on every row, is the rows' money rather than debit and credit columns beside it
 * that leave rows empty (a "YNAB-ready" converter's Amount beside empty "Outflow"/"Inflow", a Debit/Credit pair of nothing:
 * review of pass 27, every such row was "no amount" and the file refused): where the pair is filled, the amount is its
 * value with its sign; and the amount column is signed (a minus on a row), or the pair is empty on every row. An unsigned
 * amount beside a pair that tells some rows' sides tells nothing of the others': the pair's, as before.
 */
function amountBesideUnfilledSides(cols: readonly Column[], amount: Column, debit: Column, credit: Column): boolean {
  const split = rowCents(cols, { kind: "split", debit: debit.index, credit: credit.index })!;
  let unfilled = 0;
  let filled = 0;
  for (let r = 0; r < amount.values.length; r++) {
    const sides = [debit, credit].some((c) => (c.values[r] ?? "").trim() !== "");
    if ((amount.values[r] ?? "").trim() === "") {
      if (sides) return false;
      continue;
    }
    if (!sides) unfilled++;
    else if (split(r) !== centsOf(amount.values[r])) return false;
    else filled++;
  }
  return unfilled > 0 && (filled === 0 || amount.values.some((v) => MINUS_MARK.test(v) || v.includes("(")));
}

/** Whether a column of balances after each row walks by the rows' moves (in cents), oldest first or newest first. */
function balanceWalks(values: readonly string[], move: (r: number) => number): boolean {
  if (values.length < 2 || values.some((v) => eitherMark(v) === null)) return false;
  let forward = true;
  let backward = true;
  for (let r = 1; r < values.length; r++) {
    if (centsOf(values[r - 1]) + move(r) !== centsOf(values[r])) forward = false;
    if (centsOf(values[r]) + move(r - 1) !== centsOf(values[r - 1])) backward = false;
  }
  return forward || backward;
}

/**
 * The rows' moves (in cents) as read, also under a column of debit/credit marks (its empty cell the side `blank` says, when
 * the column marks one side only); null for marks of other kinds (letters, numbers, kinds, dashes).
 */
function markedCents(cols: readonly Column[], money: ColumnPlan["money"]): ((r: number) => number) | null {
  if (money.kind !== "indicator" || money.letters || money.numbers || money.kinds || money.dashes) return rowCents(cols, money);
  const marks = cols[money.indicator]!;
  return (r) => (indicatorSign(marks.values[r]!, marks.norm) ?? ((marks.values[r] ?? "").trim() === "" ? money.blank : undefined) ?? 0) * Math.abs(centsOf(cols[money.amount]!.values[r]));
}

/**
 * The amounts' side beside a column of credit marks only that leaves some rows in doubt (csv-signs.ts unmarkedInDoubt:
 * an unmarked amount written positive, money out by the marks, money in by its own sign): a balance column decides,
 * the one named so or else one found by its walk, when it walks with one reading and not the other (review of r4-memo: a
 * Memo's "credit" beside a balance that walks with the amounts as written; a card's "CR" beside one that walks with the
 * marks). Without one, or when it walks with neither, the marks' reading stands, its note naming the rows in doubt
 * (csv.ts oneSidedNote): both readings are right for some real file, and the file cannot tell which it is.
 */
function marksOrSigns(cols: readonly Column[], amount: Column, indicator: Column, taken: ReadonlySet<number>): ColumnPlan["money"] {
  const { marks, signed, walks } = readings(cols, amount, indicator, taken);
  if (unmarkedInDoubt(indicator, amount).length === 0) return marks;
  return walks(signed) && !walks(marks) ? signed : marks;
}

/**
 * A column's marks and the amounts' own signs, the two readings of a file with both, and whether a balance column (the one
 * named so, or else one found by its walk) walks with a reading.
 */
function readings(cols: readonly Column[], amount: Column, indicator: Column, taken: ReadonlySet<number>) {
  const marks: ColumnPlan["money"] = { kind: "indicator", amount: amount.index, indicator: indicator.index, ...oneSided(indicator) };
  const signed: ColumnPlan["money"] = { kind: "signed", amount: amount.index };
  const without = new Set([...taken, amount.index, indicator.index]);
  const named = candidates(cols, "balance", without)[0];
  const walks = (m: ColumnPlan["money"]) => (named ? balanceWalks(named.values, markedCents(cols, m)!) : walkingColumns(cols, markedCents(cols, m)!, without).length > 0);
  return { marks, signed, walks, named };
}

/**
 * Debit/credit words under a "Type" that agree with some written signs and contradict others (kindOrSideInDoubt): the
 * reading a balance column walks with, and not the other. A balance column that walks with neither here (its rows in
 * several currencies, a total line among them) leaves the marks, as before, to the statement's check of its balances
 * per currency, which refuses a reading they do not walk with. With no balance column the file is refused, naming the
 * first line where they disagree.
 */
function kindOrSide(cols: readonly Column[], amount: Column, indicator: Column, taken: ReadonlySet<number>, doubt: NeedsColumnMapping): ColumnPlan["money"] {
  const { marks, signed, walks, named } = readings(cols, amount, indicator, taken);
  const [byMarks, bySigns] = [walks(marks), walks(signed)];
  if (byMarks !== bySigns) return byMarks ? marks : signed;
  if (named) return marks;
  throw doubt;
}

/**
 * The balance's own Dr/Cr column (Kotak: "Balance","Dr / Cr" after "Amount","Dr / Cr"; issue 31, the last stop's
 * leftover: an overdrawn "7,549.00" "DR" was read as +7'549.00 and the file refused as not reconciling): a column of
 * debit/credit marks with the balance signed by which the balances walk by the amounts, and without which they do not.
 * Not a column of the rows' directions after the balance (Hana Bank's 입금/출금: the balances walk as written).
 */
function balanceSideColumn(cols: readonly Column[], money: ColumnPlan["money"], balance: number, taken: ReadonlySet<number>): Column | undefined {
  const amount = markedCents(cols, money);
  const values = cols[balance]!.values;
  if (!amount || balanceWalks(values, amount)) return undefined;
  const marks = (c: Column) => c.values.every((v) => Math.abs(indicatorSign(v, c.norm) ?? 0) === 1);
  const signed = (c: Column) => values.map((v, r) => (indicatorSign(c.values[r]!, c.norm) === -1 ? `-${v.trim()}` : v));
  return cols.find((c) => c.index !== balance && !taken.has(c.index) && c.values.some((v) => indicatorSign(v, c.norm) === -1) && marks(c) && balanceWalks(signed(c), amount));
}

/**
 * Whether a fee column's amounts come off the balance besides the row's own amount (Capitec: "Money Out" −12,000.00 and
 * "Fee" −5.00 on one row, the balance 12,005.00 lower; QA round 4, pass 12: the file did not reconcile, off by the fees):
 * the sampled balances walk with the fees taken off, and not without them. PayPal's "Fee" beside its "Net" is in the
 * amount already: its balance walks without.
 */
function feeOutsideAmount(cols: readonly Column[], money: ColumnPlan["money"], balance: number, fees: number): boolean {
  const amount = rowCents(cols, money);
  if (!amount || cols[fees]!.values.every((v) => centsOf(v) === 0)) return false;
  const values = cols[balance]!.values;
  return !balanceWalks(values, amount) && balanceWalks(values, (r) => amount(r) - Math.abs(centsOf(cols[fees]!.values[r])));
}

/**
 * The balance after each row when no header word names it (Serbian "Stanje", Axis Bank's "BAL"; QA round 4, pass 12: the
 * debit and credit columns were named, so nothing looked for the balance, and the file was not checked): the one column
 * no role took whose every sampled value is an amount that the rows' amounts walk, signed by a column of debit/credit
 * marks too (review of r4-memo: a "CR" column's file with an unnamed balance went unchecked). Not the money available
 * (BBVA's "Disponible": with a credit line or holds, it is no balance the statement closes with).
 */
const AVAILABLE = /\b(disponible|available|verfugbar|disponibile|beschikbaar|disponivel)\b/;
function walkedBalance(cols: readonly Column[], money: ColumnPlan["money"], taken: ReadonlySet<number>): Column | undefined {
  const amount = markedCents(cols, money);
  if (!amount) return undefined;
  const walking = walkingColumns(cols, amount, taken);
  return walking.length === 1 ? walking[0] : undefined;
}

/** The columns no role took (and no money available) that walk as balances by the rows' moves. */
const walkingColumns = (cols: readonly Column[], move: (r: number) => number, taken: ReadonlySet<number>): Column[] =>
  cols.filter((c) => !taken.has(c.index) && !AVAILABLE.test(c.norm) && balanceWalks(c.values, move));

/** A day and a month with no year: "4月30日" (JA Bank), "30.04.", "30/04". */
const YEARLESS_DATE = /^\s*(?:\d{1,2}\s*月\s*\d{1,2}\s*日|\d{1,2}[./]\d{1,2}\.?)\s*$/u;

/**
 * A column headed as the date whose values have no year (QA round 16, JA Bank's export: "4月30日"; its peers' importers
 * take the year from their settings): refused saying so, not as a file whose columns are unclear.
 */
function yearlessDates(cols: readonly Column[], fileName: string, line: number): void {
  const c = cols.find((c) => headerTier(c.norm, "date") !== null && share(c.values, (v) => YEARLESS_DATE.test(v)) >= 0.8);
  if (!c) return;
  const example = c.values.find((v) => YEARLESS_DATE.test(v))!.trim();
  throw new NeedsColumnMapping(
    `${fileName}: line ${line}: the dates in "${c.name.trim()}" have no year ("${example}"), so the day of a row cannot be told; export the statement with full dates (day, month and year)`,
  );
}

/**
 * What a file is when its header says it is no statement of money moved (qa33: a Splitwise group's sheet and a broker's
 * holdings list were refused as "cannot tell which columns", an invitation to map them and book them), or null.
 */
function notAStatement(cols: readonly Column[]): string | null {
  const has = (...names: string[]) => cols.some((c) => names.includes(c.norm));
  if (has("symbol") && has("quantity") && cols.some((c) => /^(price|value|market value)\b/.test(c.norm)))
    return "a list of investment holdings (symbol, quantity, price, value), not a statement of money moved";
  // Splitwise's "Export as spreadsheet": the group's expenses, their cost, and a column per member of what each owes or is owed.
  if (has("date") && has("description") && has("category", "categorie", "kategorie") && has("cost", "cout", "kosten") && has("currency", "devise", "wahrung", "waehrung") && cols.length > 5)
    return "a Splitwise group's expenses and each member's share of them (who owes whom), not money moved in an account of yours";
  return null;
}

function guessFailure(fileName: string, line: number, cols: readonly Column[], missing: readonly string[]): NeedsColumnMapping | ImportInputError {
  const what = notAStatement(cols);
  if (what) return new ImportInputError(`${fileName}: this is ${what}; nothing to import`);
  return new NeedsColumnMapping(
    `${fileName}: line ${line}: cannot tell which columns hold ${missing.join(", ")}; found columns ${listColumns(cols)}. ` +
      "Name them with --date-column, --amount-column (or --debit-column and --credit-column), --description-column, " +
      "--currency-column or --currency, and if needed --date-format and --decimal",
  );
}

/**
 * The round-3 header words of the description's columns, frozen: the content-hash id of a guessed
 * CSV's row is built from the first of these that is filled (SPEC §10.1: a file imported before
 * round 4 is still recognised). New words go to csv-words.ts, never here.
 */
const ROUND3_TEXT_WORDS: Record<"payee" | "payer" | "party" | "text" | "memo", string[]> = {
  payee: ["payee", "payee name", "beneficiary", "empfanger", "empfaenger", "zahlungsempfanger", "zahlungsempfaenger", "zahlungsempfanger in", "beguenstigter", "creditor", "beneficiaire", "beneficiario", "destinataire"],
  payer: ["payer", "zahlungspflichtiger", "zahlungspflichtige", "zahlungspflichtige r", "auftraggeber", "remitter", "debtor", "donneur d ordre", "ordinante"],
  party: ["counterparty", "counterparty name", "merchant", "merchant name", "name", "auftraggeber empfanger", "auftraggeber empfaenger", "beguenstigter zahlungspflichtiger", "gegenpartei", "contrepartie", "controparte"],
  text: ["description", "booking text", "buchungstext", "text", "beschreibung", "libelle", "descrizione", "details", "bezeichnung", "transaction details", "narrative", "designation", "description 1", "beschreibung 1"],
  memo: ["verwendungszweck", "memo", "purpose", "mitteilung", "communication", "reference", "referenz", "motif", "causale", "note", "notes", "remarks", "zahlungszweck"],
};

function round3Tier(norm: string, words: readonly string[]): number | null {
  if (norm === "") return null;
  if (words.includes(norm)) return 0;
  return words.some((w) => ` ${norm} `.includes(` ${w} `)) ? 0.5 : null;
}

function round3TextColumns(cols: readonly Column[], taken: ReadonlySet<number>): ByDirection {
  const by = (role: keyof typeof ROUND3_TEXT_WORDS) =>
    cols
      .map((c) => ({ c, t: taken.has(c.index) ? null : round3Tier(round3Header(c.name), ROUND3_TEXT_WORDS[role]) }))
      .filter((x): x is { c: Column; t: number } => x.t !== null && fits(x.c, "text"))
      .sort((a, b) => a.t - b.t || a.c.index - b.c.index)
      .map((x) => x.c.index);
  const [payee, payer, party, text, memo] = [by("payee"), by("payer"), by("party"), by("text"), by("memo")];
  // Both sides named (DKB-like): the other party is the payee of money out, the payer of money in.
  if (payee.length > 0 && payer.length > 0) return { out: [...payee, ...party, ...text, ...memo, ...payer], in: [...payer, ...party, ...text, ...memo, ...payee] };
  const all = [...payee, ...payer, ...party, ...text, ...memo];
  return { out: all, in: all };
}

/**
 * The columns of a file of no known layout. The date order and the decimal mark are left to the
 * caller, who votes over the whole column (`dateOrders` empty, `decimal` null) unless the mapping sets them.
 */
export function guessColumns(
  header: CsvRecord,
  sample: readonly CsvRecord[],
  mapping: CsvMapping,
  fileName: string,
  flipSigns = false,
  byContent: readonly string[] = [],
  asIdsWereFixed = false,
): ColumnPlan & { decimalKnown: boolean; contentNote: string | null } {
  const cols = columnsOf(header, sample);
  // Read as when the ids were fixed (headerAsIdsWereFixed): a header only a later word names is no word.
  const fixedNorms = cols.map((c) => headerAsIdsWereFixed(c.name));
  if (asIdsWereFixed) for (const c of cols) c.norm = fixedNorms[c.index]!;
  const taken = new Set<number>();
  const missing: string[] = [];
  const take = (c: Column | undefined) => {
    if (c) taken.add(c.index);
    return c;
  };
  const first = (role: Role) => candidates(cols, role, taken)[0];
  // A money app's export known by its header set (app-exports.ts): its own date column when no column has a date word.
  const app = appExportOf(cols);
  let date = take(mapping.dateColumn ? columnByName(cols, mapping.dateColumn, "--date-column", fileName) : (first("date") ?? (app?.date ? cols.find((c) => !taken.has(c.index) && normaliseHeader(c.name) === app.date && fits(c, "date")) : undefined)));
  const valueDate = take(first("valueDate"));
  if (!date && valueDate) date = valueDate;
  if (!date) missing.push("the date");

  const indicator = first("indicator");
  let money: ColumnPlan["money"] | undefined;
  let besideOwnCurrency: Column[] = [];
  if (mapping.amountColumn) {
    const col = columnByName(cols, mapping.amountColumn, "--amount-column", fileName);
    // A money app's export signs by its own words also when its amount column is named (Money Manager's older layout, whose
    // amount is the column named after the main currency and found by content; or a user's --amount-column).
    // (Marks under a "Type" that contradict some written signs and not others: naming the amount column says its signs stand.)
    const marksStand = indicator && indicator !== col && !contradictsSigns(indicator, col) && !kindOrSideInDoubt(indicator, col, sample, fileName);
    const marks = (app ? appKinds(app, cols, col, taken) : undefined) ?? (marksStand ? { indicator: indicator.index } : mostlyMarks(cols, col, taken));
    money = marks ? { kind: "indicator", amount: col.index, ...marks } : { kind: "signed", amount: col.index };
  } else if (mapping.debitColumn || mapping.creditColumn) {
    if (!mapping.debitColumn || !mapping.creditColumn) throw new NeedsColumnMapping(`${fileName}: --debit-column and --credit-column go together`);
    money = { kind: "split", debit: columnByName(cols, mapping.debitColumn, "--debit-column", fileName).index, credit: columnByName(cols, mapping.creditColumn, "--credit-column", fileName).index };
  } else {
    const without = new Set(taken);
    if (indicator) without.add(indicator.index);
    // An amount with the operation's own currency beside it ("Сумма операции;Валюта операции": VTB, T-Bank) is the
    // purchase's amount in that currency; another amount, in the account's currency, is the one booked, so it comes first
    // (QA round 4, qa43: VTB's EUR purchase of 12.50 was booked as 12.50 roubles). Only when another column holds the
    // rows' currency ("Валюта счета", "Валюта платежа"): else the one beside it is the rows' currency, and so its amount
    // (review of r4-qa43: a hotel's 120 EUR booked as 11'000 euros, the roubles charged).
    const rowCurrencyElsewhere = (c: Column) => cols.some((o) => o.index !== c.index + 1 && !taken.has(o.index) && headerTier(o.norm, "currency") !== null);
    const ownCurrencyBeside = (c: Column) => headerTier(cols[c.index + 1]?.norm ?? "", "originalCurrency") !== null && rowCurrencyElsewhere(c);
    const found = candidates(cols, "amount", without);
    besideOwnCurrency = found.filter(ownCurrencyBeside);
    const amounts = [...found.filter((c) => !ownCurrencyBeside(c)), ...besideOwnCurrency];
    // One name twice ("Fremdwährung;Betrag;Kurs;Betrag;Währung": Deutsche Bank's card export, the purchase's own amount
    // and the booked one): the one before the row's currency column (QA round 4, pass 20: the purchase's own was taken,
    // its rows in euros "no amount").
    const twice = amounts.length > 1 && amounts[1]!.norm === amounts[0]!.norm;
    const amount = (twice ? amounts.find((c) => headerTier(cols[c.index + 1]?.norm ?? "", "currency") === 0) : undefined) ?? signedBesideUnsigned(amounts);
    const debit = candidates(cols, "debit", without)[0];
    const credit = candidates(cols, "credit", without).find((c) => c !== debit);
    const words = app && amount ? appKinds(app, cols, amount, taken) : undefined;
    const doubt = indicator && amount ? kindOrSideInDoubt(indicator, amount, sample, fileName) : undefined;
    if (words) money = { kind: "indicator", amount: amount!.index, ...words };
    else if (indicator && amount && doubt) money = kindOrSide(cols, amount, indicator, taken, doubt);
    else if (indicator && amount && !contradictsSigns(indicator, amount)) money = marksOrSigns(cols, amount, indicator, taken);
    else if (debit && credit && !(amount && amountBesideUnfilledSides(cols, amount, debit, credit))) money = { kind: "split", debit: debit.index, credit: credit.index };
    else if (amount) {
      const marks = dashMarks(cols, amount, taken, sample, fileName) ?? mostlyMarks(cols, amount, taken) ?? numberMarks(cols, amount, taken) ?? kindMarks(cols, amount, taken) ?? appKindMarks(cols, amount, taken);
      money = marks ? { kind: "indicator", amount: amount.index, ...marks } : { kind: "signed", amount: amount.index };
    }
    if (!indicator) unreadIndicator(cols, sample, fileName, money);
  }
  if (money) for (const i of [...moneyCells(money), ...(money.kind === "indicator" ? [money.indicator] : [])]) taken.add(i);
  else missing.push("the amount (one signed column, or a debit and a credit column)");

  const currency = take(mapping.currencyColumn ? columnByName(cols, mapping.currencyColumn, "--currency-column", fileName) : mapping.currency ? undefined : (first("currency") ?? codesColumn(cols, taken)));
  if (!currency && !mapping.currency) unreadCurrencyColumn(cols, taken, fileName);
  const balance = take(first("balance") ?? (money && !mapping.amountColumn && !mapping.debitColumn ? walkedBalance(cols, money, taken) : undefined));
  const balanceByContent = balance !== undefined && headerTier(balance.norm, "balance") === null;
  const balanceSide = balance && money ? take(balanceSideColumn(cols, money, balance.index, taken)) : undefined;
  const detail = take(first("detail"));
  // A currency column beside an amount of its own ("Currency" beside "Currency Amount" and "Amount": Bank Norwegian's
  // card) is that amount's currency, the purchase's own, not the row's (QA round 16: −288.00 NOK booked as EUR).
  // The operation's own amount, ranked after the booked one above and not chosen for the money, is the original amount
  // its own currency column names (T-Bank's 10 USD charged 965.40 RUB: the USD kept, the 10 lost).
  const ownAmount = first("originalAmount") ?? besideOwnCurrency.find((c) => !taken.has(c.index));
  const ownCurrency = first("originalCurrency");
  const paired =
    currency && !mapping.currencyColumn && ownAmount === undefined && ownCurrency === undefined
      ? take(cols.find((c) => !taken.has(c.index) && (c.norm === `${currency.norm} amount` || c.norm === `amount in ${currency.norm}`) && fits(c, "amount")))
      : undefined;
  const rowCurrency = paired ? undefined : currency;
  const originalAmount = paired ?? take(ownAmount);
  const originalCurrency = paired ? currency : take(ownCurrency);
  const rate = take(first("rate"));
  const fees = take(first("fees"));
  const iban = take(first("iban"));
  const reference = take(first("reference"));
  const card = first("card");

  // The round-3 description's columns are chosen among what was not taken by the money, date and currency columns then.
  const round3Taken = new Set<number>([date, currency].filter((c): c is Column => c !== undefined).map((c) => c.index));
  if (money) for (const i of [...moneyCells(money), ...(money.kind === "indicator" ? [money.indicator] : [])]) round3Taken.add(i);
  // A file round 3 could not describe (no column with its words) was never imported: its rows' ids take the description.
  const round3 = mapping.descriptionColumn ? null : round3TextColumns(cols, round3Taken);
  const idText = round3 && round3.out.length > 0 ? round3 : null;

  let description: ByDirection;
  let counterparty: ByDirection;
  let purpose: number[] = [];
  let kindText: number[] = [];
  let holder: ColumnPlan["holder"];
  if (mapping.descriptionColumn) {
    const c = columnByName(cols, mapping.descriptionColumn, "--description-column", fileName).index;
    description = { out: [c], in: [c] };
    counterparty = { out: [], in: [] };
  } else {
    // A booking-text column told to be the indicator by its values alone (Consorsbank's "Buchungstext" when every sampled
    // row is LASTSCHRIFT or GUTSCHRIFT) still says what the payment is: it stays in the description (QA round 4, fifth
    // pass: it was dropped from it). Not for the round-3 id text, which stays as it was.
    const textTaken = new Set(taken);
    // Not when its values are only sign marks (an "Activity" or "Detalhes" column of DR/CR, D/C, Debit/Credit: they say
    // no more than the sign, as under a "Type" header; review of r4-qa29: "RENT · DR").
    const indicator = money?.kind === "indicator" ? cols[money.indicator]! : null;
    if (indicator && headerTier(indicator.norm, "indicator") === null && headerTier(indicator.norm, "text") !== null && !indicator.values.every(bareSignMark)) textTaken.delete(indicator.index);
    const by = (role: Role) => candidates(cols, role, textTaken).map((c) => c.index);
    // Columns with no header right after a text column go on with its text (PKO BP writes "Opis transakcji" over four
    // columns, the payee's name and the shop's place in the unnamed ones; QA round 4, pass 9: only the first was kept).
    // A text column empty on every row whose header stands one cell right of its text (a merged cell saved as CSV: Stanbic
    // Zambia's "Transaction description" beside the unnamed column of the texts; qa44, every text lost) reads that
    // unnamed column when it reads as the bookings' texts: not a column of amounts or dates, which other roles took.
    const words = (c: Column) => c.values.some((v) => /\p{L}{3}/u.test(v));
    const bookingTexts = (c: Column) => {
      // A word followed by more text on some row, no date ("23 Mar 2026", a value date), and not one value on every row (the
      // holder's IBAN): reference codes, an account number or dates were read as every row's description (review of r4-qa44).
      const filled = c.values.map((v) => v.trim()).filter((v) => v !== "");
      return filled.some((v) => /\p{L}{3,}\s+\S/u.test(v)) && !filled.some((v) => looksLikeDate(v, c.eras)) && (filled.length < 2 || new Set(filled).size > 1);
    };
    const continued = (idx: number[]) =>
      idx.flatMap((i) => {
        const before = cols[i - 1];
        const out = allEmpty(cols[i]!.values) && before && unnamed(before) && !textTaken.has(before.index) && bookingTexts(before) ? [before.index, i] : [i];
        for (let j = i + 1; j < cols.length && unnamed(cols[j]!) && !textTaken.has(j); j++) if (words(cols[j]!)) out.push(j);
        return out;
      });
    const [payee, payer, party, text, memo] = [by("payee"), by("payer"), holderLeftOut(cols, by("party")), continued(by("text")), continued(by("memo"))];
    purpose = memo;
    // A kinds column that also signs the amounts (Ally's Type: Withdrawal, Deposit; a money app's Expense, Income) still
    // says what the payment is (a "Debit"/"Credit" says nothing more than the sign).
    const signingKind =
      money?.kind === "indicator" && (money.app || money.words || (KIND_HEADERS.has(cols[money.indicator]!.norm) && cols[money.indicator]!.values.some((v) => SIGNING_KINDS.has(normaliseHeader(v))))) ? money.indicator : null;
    const kind = kindColumn(cols, new Set([...taken, ...payee, ...payer, ...party, ...text, ...memo].filter((i) => i !== signingKind)));
    kindText = kind.filter((i) => KIND_TEXT_HEADERS.has(cols[i]!.norm));
    if (payee.length > 0 && payer.length > 0) {
      description = { out: [...payee, ...party, ...text, ...memo, ...kind], in: [...payer, ...party, ...text, ...memo, ...kind] };
      counterparty = { out: [...payee, ...party], in: [...payer, ...party] };
      holder = holderOfPair(cols, payee[0]!, payer[0]!);
    } else {
      const all = [...payee, ...payer, ...party, ...text, ...memo, ...kind];
      description = { out: all, in: all };
      counterparty = { out: [...payee, ...payer, ...party], in: [...payee, ...payer, ...party] };
    }
  }
  if (description.out.length === 0) missing.push("the description");
  if (missing.length > 0 || !date || !money) {
    const need = { date: !date, money: !money, description: description.out.length === 0, currency: !rowCurrency && !mapping.currency, balance: !balance };
    const filled = byContent.length === 0 ? fillByContent(header, sample, fileName, need, taken) : null;
    if (filled) {
      const plan = guessColumns(header, sample, { ...mapping, ...filled.mapping }, fileName, flipSigns, filled.roles);
      // Every column of words, in the file's order (a mapping names one); the balance the amounts walk, to check them.
      return { ...plan, ...(filled.texts ? { description: { out: filled.texts, in: filled.texts } } : {}), ...(filled.balance !== null ? { balance: filled.balance } : {}) };
    }
    if (!date) yearlessDates(cols, fileName, header.line);
    throw guessFailure(fileName, header.line, cols, missing);
  }

  // Amounts that write their side after the number ("45.20 DR", "2,310.00 CR") are signed by it, a card's as an
  // account's (a card writes its purchases "DR"): no card convention to tell (this stop's probe: an account's month of
  // money in, its debits "DR", was refused as a card's export maybe). Credits marked "CR", the rest bare: the bare ones
  // are money out (creditsMarkedOnly).
  const signedAmount = money.kind === "signed" ? cols[money.amount]! : null;
  const sidesWritten = signedAmount !== null && signedAmount.values.some((v) => sideMark(v) !== null);
  const unmarkedOut = signedAmount !== null && sidesWritten && creditsMarkedOnly(signedAmount);
  const balanceOwed = owedBalance(balance, !balanceByContent, signedAmount ?? undefined, { flipSigns, amountColumn: mapping.amountColumn !== undefined });
  // A card export writes its purchases positive, and says so (writesPurchasesPositive).
  const purchasesPositive =
    money.kind === "signed" && !sidesWritten && writesPurchasesPositive(cols, money.amount, description.out, card, balance, balanceOwed, (!mapping.amountColumn || byContent.length > 0) && !flipSigns, fileName, sample.map((r) => r.line));
  if (money.kind === "signed" && !purchasesPositive && !balance && !mapping.amountColumn && !flipSigns) unsignedBesideKinds(cols, money.amount, sample, fileName);

  // The ids are of the rows as read when the words of JOINED_SINCE_IDS named nothing, so a month imported then is still
  // known: a file round 3 could not describe takes them from the description as read then (review of r4-qa31: "Descrição"
  // beside "Nome", and "Nome, Stato, Tipologia" read by content, came back as possible duplicates; review of r4-qa34:
  // Pekao's "Tytułem", Air Bank's "Název protistrany", Nordea's "Mottagare/Betalare", ING's "Tytu\ufffd", rows booked
  // twice), every file from the date read then (Nordea's "Bokningsdag": dated by "Valutadag" then). Not readable then:
  // none to keep.
  let idDescription: ByDirection | undefined;
  let idDate: number | undefined;
  if (!asIdsWereFixed && byContent.length === 0 && cols.some((c) => fixedNorms[c.index] !== c.norm)) {
    try {
      const then = guessColumns(header, sample, mapping, fileName, flipSigns, [], true);
      if (idText === null && !mapping.descriptionColumn) idDescription = then.description;
      if (!mapping.dateColumn && then.date !== date.index) idDate = then.date;
    } catch {
      idDescription = undefined;
    }
  }

  return {
    ...(idDescription ? { idDescription } : {}),
    ...(kindText.length > 0 ? { kindText } : {}),
    ...(holder ? { holder } : {}),
    ...(idDate !== undefined ? { idDate } : {}),
    layout: byContent.length === 0 && (mapping.dateColumn || mapping.amountColumn || mapping.debitColumn || mapping.descriptionColumn) ? "mapping" : "guessed",
    ...(byContent.length > 0 ? { byContent: true as const } : {}),
    contentNote:
      byContent.length === 0
        ? balanceByContent
          ? `"${balance.name.trim()}" was taken as the balance after each row, by what the column holds (no header word this reader knows named it)`
          : null
        : `${byContent.join(", ")}, by what the columns hold (no header word this reader knows named them): check the preview's rows`,
    format: "csv",
    names: header.fields.map((f) => f.trim()),
    date: date.index,
    emptyDateTakesPrevious: false,
    dateWhenEmpty: null,
    dateOrders: [],
    ...(date.eras ? { eraDates: true as const } : {}),
    valueDate: valueDate && valueDate !== date ? valueDate.index : null,
    money,
    purchasesPositive,
    ...(unmarkedOut ? { unmarkedOut } : {}),
    refundKind: money.kind === "signed" ? (cols.find((c) => KIND_HEADERS.has(c.norm) && c.values.some((v) => REFUND_KINDS.has(normaliseHeader(v))))?.index ?? null) : null,
    sideCurrencies: null,
    feeNotInAmount: fees !== undefined && balance !== undefined && feeOutsideAmount(cols, money, balance.index, fees.index),
    decimal: mapping.decimal ?? ".",
    decimalKnown: mapping.decimal !== undefined,
    currency: rowCurrency?.index ?? null,
    defaultCurrency: mapping.currency ? { code: mapping.currency.trim().toUpperCase(), from: "--currency" } : null,
    balance: balance?.index ?? null,
    balanceSide: balanceSide?.index ?? null,
    ...(balanceOwed ? { balanceOwed } : {}),
    reference: null,
    description,
    descriptionAsIs: false,
    textParts: null,
    idText,
    counterparty,
    purpose,
    referenceFact: reference?.index ?? null,
    counterpartyIban: iban?.index ?? null,
    originalAmount: originalAmount?.index ?? null,
    originalCurrency: originalCurrency?.index ?? null,
    exchangeRate: rate?.index ?? null,
    fees: fees?.index ?? null,
    detailAmount: detail?.index ?? null,
    sector: null,
    ...ownAccountColumns(cols, taken, money, balance?.index ?? null, app),
    checkDates: [],
    skip: skipRules(cols, money, balance ?? null),
    continuationLines: false,
    sections: SECTION_TITLES,
  };
}


/** ISO 4217's codes of funds, metals and units, no money a statement is kept in. */
const FUND_CODES = new Set(["CHE", "CHW", "BOV", "CLF", "COU", "MXV", "USN", "UYI", "UYW", "XAU", "XAG", "XPD", "XPT", "XDR", "XSU", "XUA", "XBA", "XBB", "XBC", "XBD", "XTS", "XXX"]);
/** A currency people pay in, by its ISO 4217 code: transaction codes of three capitals ("BEA", "POS") are none, nor funds. */
const isMoneyCode = (v: string) => ISO_CURRENCIES.has(v) && !FUND_CODES.has(v);
const COUNTRY_HEADER = /\b(country|land|pays|paese|pais|kraj|maa|country code|landeskennzeichen)\b/;

/**
 * A column headed as the currency ("Currency", "Währung") that is not taken as it, with words or signs that name no one currency
 * ("card", "Franken", "$"; dates and amounts aside: Italian "Valuta" is a value date too): refused, naming them. Passed
 * over, its rows were booked in the data's main currency under a note that the file names no currency (review of stop 47).
 */
function unreadCurrencyColumn(cols: readonly Column[], taken: ReadonlySet<number>, fileName: string): void {
  for (const c of cols) {
    if (taken.has(c.index) || notTheCurrency(c.norm, cols.map((o) => o.norm)) || headerTier(c.norm, "currency") === null) continue;
    const filled = c.values.map((v) => v.trim()).filter((v) => v !== "");
    const unread = filled.filter((v) => !isCurrencyCode(v) && !looksLikeAmount(v) && !looksLikeDate(v, c.eras));
    // Any such cell (review of r4-left8: "Punkte" beside three "EUR", the column under 80 % codes was passed over and
    // every row booked in the data's main currency, exit 0): a column taken as the currency makes such a row a bad row;
    // one not taken cannot tell the rows' currencies, so the file is refused.
    if (filled.length === 0 || unread.length === 0) continue;
    const shown = [...new Set(unread)].slice(0, 4).map((v) => `"${v}"`).join(", ");
    throw new ImportInputError(
      `${fileName}: the column "${c.name.trim()}" holds ${shown}, which name no one currency (an ISO 4217 code such as EUR, or a sign of one currency such as € or US$): nothing was imported; if every amount is in one currency, set the currency of every row (--currency CODE) and import the file again`,
    );
  }
}

/**
 * A column whose every cell is an ISO 4217 code ("HUF", "EUR"), when no header word names the currency (OTP's "Pénznem";
 * QA round 4, blind pass: its forint rows took the data's francs).
 */
function codesColumn(cols: readonly Column[], taken: ReadonlySet<number>): Column | undefined {
  // A code on every row: a column of foreign currencies is filled only where one was paid abroad, and is not the amount's.
  // Nor a column of countries: some country codes are fund codes of ISO 4217 too (review: "CHE", Switzerland, is the WIR
  // euro), so only currencies people pay in count, and no column headed as a country.
  return cols.find(
    (c) =>
      !taken.has(c.index) &&
      !notTheCurrency(c.norm, cols.map((o) => o.norm)) &&
      !COUNTRY_HEADER.test(c.norm) &&
      c.values.length > 0 &&
      c.values.every((v) => isMoneyCode(v.trim())),
  );
}

/**
 * The roles a header's words did not name (an unknown language's "Summa", "Montante"), told by what the columns hold as
 * in a file with no header row (headerlessMapping): each only if the column is not taken by a role the words named, and
 * its header is no other column's too. Null when that does not tell them (the words' refusal stands). QA round 4, blind
 * passes: one export in four that no layout knew was refused for one header word.
 */
function fillByContent(
  header: CsvRecord,
  sample: readonly CsvRecord[],
  fileName: string,
  need: { date: boolean; money: boolean; description: boolean; currency: boolean; balance: boolean },
  taken: ReadonlySet<number>,
): { mapping: CsvMapping; roles: string[]; texts: number[] | null; balance: number | null } | null {
  let told: ReturnType<typeof headerlessMapping>;
  try {
    told = headerlessMapping(header, sample, fileName);
  } catch {
    return null;
  }
  const m = told.mapping;
  const free = (name: string | undefined) => name !== undefined && header.fields.filter((f) => f === name).length === 1 && !taken.has(header.fields.indexOf(name));
  const mapping: CsvMapping = {};
  const roles: string[] = [];
  if (need.date) {
    if (!free(m.dateColumn)) return null;
    mapping.dateColumn = m.dateColumn;
    roles.push(`"${m.dateColumn}" as the date`);
  }
  if (need.money) {
    if (m.amountColumn !== undefined) {
      if (!free(m.amountColumn)) return null;
      mapping.amountColumn = m.amountColumn;
      roles.push(`"${m.amountColumn}" as the amount`);
    } else {
      // Two columns of amounts told apart only by their order (told.note: CIBC's and TD's), and no balance to confirm
      // them, are a guess for a file with no header; with one, its words may say the other way round (review: "Uplata;
      // Isplata", money in first, booked the salary as money out). Refused then.
      if (told.note !== null) return null;
      if (!free(m.debitColumn) || !free(m.creditColumn)) return null;
      Object.assign(mapping, { debitColumn: m.debitColumn, creditColumn: m.creditColumn });
      roles.push(`"${m.debitColumn}" as money out and "${m.creditColumn}" as money in`);
    }
  }
  let texts: number[] | null = null;
  if (need.description) {
    if (!free(m.descriptionColumn)) return null;
    mapping.descriptionColumn = m.descriptionColumn;
    texts = told.texts.filter((i) => !taken.has(i));
    roles.push(`${texts.map((i) => `"${header.fields[i]}"`).join(", ")} as the description`);
  }
  // A column of currency codes ("Pénznem": HUF) and the balance the amounts walk ("Stanje", "Bakiye"), when the words
  // named none: without them the rows took the data's currency and went unchecked.
  if (need.currency && free(m.currencyColumn)) {
    mapping.currencyColumn = m.currencyColumn;
    roles.push(`"${m.currencyColumn}" as the currency`);
  }
  const balance = need.balance && told.balance !== null && free(header.fields[told.balance]) ? told.balance : null;
  if (balance !== null) roles.push(`"${header.fields[balance]}" as the balance after each row`);
  if (roles.length === 0) return null;
  roles[0] = roles[0]!.replace(/ as /, " was taken as ");
  return { mapping, roles, texts, balance };
}

/**
 * The columns of a file with no header row (Wells Fargo's download: `"01/05/2026","-34.56","*","","SAFEWAY #1234"`),
 * told by what they hold: the first column of dates; the one column of amounts, or of three, the one that takes the
 * first to the second on every row (ABN AMRO's text export: balance before, balance after, amount); a column of
 * currency codes; the longest text (`mapping`), and every column of words of the payment in the file's order (`texts`: the
 * description). A file where that does not tell them is refused, saying how to name them; its
 * columns are called "column 1", "column 2" … (also on the mapping screen).
 */
export function headerlessMapping(
  header: CsvRecord,
  sample: readonly CsvRecord[],
  fileName: string,
): { mapping: CsvMapping; texts: number[]; balance: number | null; account: number | null; note: string | null } {
  // A line of fewer cells than the rows' (a note among the bookings: "A null transaction, just to confuse things;;" in
  // Raiffeisen's ELBA file as bank2ynab tests it) tells nothing of the columns (QA round 4, peers' files run as they are:
  // its text hid the date column and the EUR column, and 73 rows took the data's francs). Its line is read, and skipped, as any other.
  // A short line that still holds a date and an amount is a booking with its last cells left off (a row without the other
  // party: review of r4-qa13, s1.csv, where leaving it out broke the balance's walk and refused the file): it counts.
  const eras = eraDatesIn(header, sample);
  const isDate = (v: string) => looksLikeDate(v, eras);
  const booking = (r: CsvRecord) => r.fields.some(isDate) && r.fields.some((v) => /\d/.test(v) && !isDate(v) && looksLikeAmount(v.trim()));
  const rows = sample.filter((r) => r.fields.length >= header.fields.length || booking(r));
  const cols = header.fields.map((name, index) => {
    const values = (rows.length * 2 >= sample.length ? rows : sample).map((r) => (r.fields[index] ?? "").trim());
    return { name, values, filled: values.filter((v) => v !== "") };
  });
  type Col = (typeof cols)[number];
  const dates = cols.filter((c) => c.filled.length > 0 && c.filled.every(isDate));
  // Whole numbers with a leading zero ("00075757575", "0000037") are accounts and references, no amounts (QA round 4, reckon's
  // easybank and French test files run as they are: refused, "2 of amounts"); with a decimal mark ("-0001200.00") they
  // are zero-padded amounts (review of r4-qa13, h2.csv: refused).
  // The account's number before each row (ABN AMRO's TAB export: "417164300", one number per account, several accounts in
  // one file; QA round 16, deepakg/beancount-abnamro's file: refused, "4 of amounts"): whole numbers of seven to twelve
  // digits, filled on every row and repeated, no amount. Its rows are booked to their account, each walking its balance.
  // Only as the first column, the same number on two rows in a row at least, beside amounts written with cents: whole amounts of a
  // currency without cents (rupiah, won) are never an account (review of stop 46: a balance column was booked as the
  // amounts, under accounts named by the amounts).
  const cents2 = (c: Col) => c.filled.every((v) => /[.,]\d{2}\)?$/.test(v));
  const runsOf = (c: Col) => c.filled.reduce((n, v, r) => n + (r > 0 && v !== c.filled[r - 1] ? 1 : 0), 1);
  const first = cols[0];
  const centsBeside = (c: Col) => cols.some((o) => o !== c && !dates.includes(o) && o.filled.length > 0 && cents2(o) && o.filled.every(looksLikeAmount));
  const accountCol =
    first && !dates.includes(first) && first.values.length >= 2 && first.filled.length === first.values.length && first.filled.every((v) => /^[1-9]\d{6,11}$/.test(v)) && runsOf(first) < first.filled.length && centsBeside(first)
      ? first
      : undefined;
  const numbers = cols.filter((c) => c !== accountCol && !dates.includes(c) && c.filled.length > 0 && c.filled.every((v) => /\d/.test(v) && looksLikeAmount(v) && !/^[-+]?0\d+$/.test(v)));
  const withCents = numbers.filter(cents2);
  const cents = (v: string) => Math.round((eitherMark(v) ?? Number.NaN) * 100);
  const moves = (before: Col, after: Col, amount: Col) => amount.values.every((v, r) => cents(before.values[r]!) + cents(v) === cents(after.values[r]!));
  // Balances chain: one row's balance after is the next row's balance before (or the other way, newest first). The amount
  // does not, though it adds to the balance before as well as that adds to it.
  // (A row of another account than the row above starts a chain of its own.)
  const chains = (before: Col, after: Col) => {
    const n = before.values.length;
    const newAccount = (r: number) => accountCol !== undefined && accountCol.values[r] !== accountCol.values[r - 1];
    const forward = before.values.every((v, r) => r === 0 || newAccount(r) || cents(v) === cents(after.values[r - 1]!));
    const backward = after.values.every((v, r) => r === 0 || newAccount(r) || cents(v) === cents(before.values[r - 1]!));
    return n >= 2 && (forward || backward);
  };
  const unsigned = (c: Col) => c.filled.every((v) => !SIGN_MARK.test(v) && !v.includes(")"));
  // A column of debit/credit marks on every row (Triodos's Debet/Credit, ING's Af/Bij).
  const marks = cols.find((c) => c.values.length > 0 && c.values.every((v) => Math.abs(indicatorSign(v) ?? 0) === 1));
  // The money columns among `amounts`: one signed column (alone, or the amount of a before/after pair), a debit and a credit
  // column beside the balance, one signed column beside the balance, or a bare debit/credit pair; null when none is told.
  const moneyAmong = (amounts: readonly Col[]) => {
    const amount = amounts.length === 1 ? amounts[0] : amounts.find((z) => amounts.some((x) => x !== z && amounts.some((y) => y !== x && y !== z && moves(x, y, z) && chains(x, y))));
    // The balance after each row of that pair (ABN AMRO's TAB: before, after, amount): it checks the rows as any balance column.
    const after = amount && amounts.length > 1 ? amounts.find((y) => y !== amount && amounts.some((x) => x !== y && x !== amount && moves(x, y, amount) && chains(x, y))) : undefined;
    // Else money out and money in in two columns, one of them filled on every row, beside the balance after each row (TD
    // Canada: date, text, debit, credit, balance; QA round 4, sixth pass: refused): the pair whose amounts, out taken off
    // and in added, walk the balance from row to row (oldest or newest first).
    // The balance after each row, oldest first or newest first, moved by each row's amount (`move(r)`, in cents).
    // A walk moves the balance at least once: a column of zeros (KBC's card fees "Kosten op verrichting") "walks" any
    // constant column (its exchange rate, 1 on every row), which was then taken as the balance and refused the file as
    // unreconciled (QA round 4, bank2ynab's KBC Mastercard file run as it is).
    const movesOnce = (bal: Col, move: (r: number) => number) => bal.values.some((_, r) => move(r) !== 0);
    const walksAfter = (bal: Col, move: (r: number) => number) => movesOnce(bal, move) && balanceWalks(bal.values, move);
    // The side not taken is empty, or 0 (SunTrust's "0" in the other column; QA round 4, reckon's test file run as it is: refused).
    const nil = (v: string) => v === "" || cents(v) === 0;
    const moved = (out: Col, inn: Col, r: number) => (!nil(out.values[r]!) ? -Math.abs(cents(out.values[r]!)) : Math.abs(cents(inn.values[r]!)));
    const walks = (out: Col, inn: Col, bal: Col) => out.values.every((v, r) => nil(v) !== nil(inn.values[r]!)) && walksAfter(bal, (r) => moved(out, inn, r));
    const split = amount ? undefined : amounts.flatMap((out) => amounts.flatMap((inn) => amounts.filter((bal) => out !== inn && bal !== out && bal !== inn && walks(out, inn, bal)).map((bal) => ({ out, inn, bal }))))[0];
    // Else one signed column beside the balance after each row (CommBank: date, amount, text, "+1955.00"; QA round 4, blind
    // pass: refused): the one pair where the amount, filled on every row, walks the balance (oldest or newest first).
    // Or the balance before each row (ASN's and SNS's download: "saldo rekening voor mutatie"), oldest first: the amount is
    // told by it, but the balance-column check reads balances after, so the balance is not passed on.
    const walksBefore = (bal: Col, move: (r: number) => number) => bal.values.length >= 2 && movesOnce(bal, move) && bal.values.every((v, r) => r === 0 || cents(bal.values[r - 1]!) + move(r - 1) === cents(v));
    // Unsigned amounts take their signs from a column of debit/credit marks (Triodos: "Debet"/"Credit" beside the amount and
    // the balance after it; QA round 4, pass 17: refused, "2 of amounts").
    const signedBy = (amt: Col) => (marks && unsigned(amt) ? (r: number) => indicatorSign(marks.values[r]!)! * Math.abs(cents(amt.values[r]!)) : null);
    const walking =
      amount || split
        ? []
        : amounts.flatMap((amt) => {
            if (amt.filled.length !== amt.values.length) return [];
            const plain = (r: number) => cents(amt.values[r]!);
            const move = amounts.some((bal) => bal !== amt && (walksAfter(bal, plain) || walksBefore(bal, plain))) ? plain : (signedBy(amt) ?? plain);
            return amounts.flatMap((bal): { amt: Col; bal: Col | null }[] => (bal === amt ? [] : walksAfter(bal, move) ? [{ amt, bal }] : walksBefore(bal, move) ? [{ amt, bal: null }] : []));
          });
    const signedWithBalance = walking.length === 1 ? walking[0] : undefined;
    // Else two columns of unsigned amounts, exactly one filled on each row, and no balance to tell them (CIBC: date, text,
    // debit, credit; QA round 4, blind pass: refused): money out first, money in second, as CIBC and TD write them; the
    // note says so, since nothing in the file confirms it.
    // Or money out written with its minus in the first column and money in unsigned in the second (Targobank's download:
    // date, text, "-5,00" or "", "" or "83,16", …, its IBAN; QA round 4, qa25's pass: refused, "2 of amounts"), in the
    // same order. Not a minus in the second column: card exports write their credits so (Citi's "Debit,Credit": the
    // purchases were booked as income; review of r4-qa25, F1), refused as before. Nothing else confirms that the
    // unsigned column holds bookings (not the day's balance or pending amounts on lines of their own: review F4), so the
    // note says so.
    const minus = (c: Col) => c.filled.every((v) => MINUS_MARK.test(v.trim()[0] ?? "") && /^.\s*\d/.test(v.trim()));
    const exclusive = amounts.length === 2 && amounts[0]!.values.every((v, r) => (v === "") !== (amounts[1]!.values[r] === ""));
    const [one, two] = amounts;
    const pair =
      amount || split || signedWithBalance || !exclusive || !unsigned(two!)
        ? undefined
        : unsigned(one!)
          ? { out: one!, inn: two!, signed: false }
          : minus(one!)
            ? { out: one!, inn: two!, signed: true }
            : undefined;
    return amount || split || signedWithBalance || pair ? { amount, after, split, signedWithBalance, pair } : null;
  };
  // Of several, the one column whose every value has cents is the money when the others are whole numbers (a card number,
  // a booking id: reckon's NZ card and its Visa export with "2013011702", "2226" beside "30.00"), but only when the
  // columns as they are tell no money: a walk of the balance over whole amounts (yen, round rent) is the truth, and the
  // balance's cents are no amount (review of r4-qa13, h1.csv and j2.csv: the balance, or a column of 0.00, was booked).
  // (The others unsigned, as ids and card numbers are: a signed whole column beside it is money, yen with a fee column
  // of 0.00 and 110.00, and the cents column no amount: refused then, as the columns do not tell.)
  const centsOnly = numbers.length > 1 && withCents.length === 1 && numbers.every((c) => c === withCents[0] || c.filled.every((v) => /^\d+$/.test(v)));
  const byNumbers = moneyAmong(numbers);
  const amounts = byNumbers || !centsOnly ? numbers : withCents;
  const found = byNumbers ?? (centsOnly ? moneyAmong(withCents) : null);
  const { amount, after, split, signedWithBalance, pair } = found ?? {};
  const currency = cols.find((c) => c.filled.length === c.values.length && c.filled.every(isMoneyCode));
  const length = (c: Col) => c.filled.reduce((n, v) => n + v.length, 0) / Math.max(1, c.filled.length);
  // (A column of IBANs is an account, no text, however long: ING's own account beside the other party's name.)
  const texts = cols.filter((c) => !dates.includes(c) && !amounts.includes(c) && c !== currency && c.filled.some((v) => /\p{L}{3}/u.test(v)) && !c.filled.every((v) => IBAN_CELL.test(v))).sort((a, b) => length(b) - length(a));
  if (dates.length === 0 || !found || texts.length === 0) {
    throw new NeedsColumnMapping(
      `${fileName}: line ${header.line + 1}: the file has no header row, and what its columns hold does not tell them apart (${dates.length} of dates, ${amounts.length} of amounts, ${texts.length} of text); ` +
        'name them with --date-column "column N", --amount-column "column N" and --description-column "column N" (counted from 1)',
    );
  }
  // Every other column of words is text of the payment too (Triodos: the other party beside the purpose; QA round 4, fifth
  // pass: only the longest was kept), in the file's order; not accounts (IBANs) nor debit/credit marks, nor short codes in
  // capitals (a second currency column "EUR", ASN's transaction codes "BEA", "OVB", a flag "O"/"I": they say nothing to a reader).
  const described = new Set([texts[0]!, ...texts.filter((c) => !c.filled.every((v) => IBAN_CELL.test(v) || indicatorSign(v) !== undefined || /^[A-Z]{1,4}$/.test(v)))]);
  const moreText = cols.filter((c) => described.has(c) && c !== texts[0]).map((c) => header.fields.indexOf(c.name));
  const signed = amount ?? signedWithBalance?.amt;
  const outIn = split ?? pair!;
  const money = signed ? { amountColumn: signed.name } : { debitColumn: outIn.out.name, creditColumn: outIn.inn.name };
  const balanceColumn = split?.bal ?? signedWithBalance?.bal ?? after ?? null;
  const note = !pair
    ? null
    : pair.signed
      ? `the file has no header row: ${pair.out.name} (a minus on every row) was read as money out and ${pair.inn.name} as money in (nothing else in the file confirms it); if ${pair.inn.name} holds balances or pending amounts, not bookings, name the columns with --amount-column "${pair.out.name}"`
      : `the file has no header row: ${pair.out.name} was read as money out and ${pair.inn.name} as money in (the order of CIBC's and TD's exports; nothing in the file confirms it); if it is the other way round, import it again with --flip-signs`;
  return {
    mapping: { dateColumn: dates[0]!.name, ...money, descriptionColumn: texts[0]!.name, ...(currency ? { currencyColumn: currency.name } : {}) },
    texts: [header.fields.indexOf(texts[0]!.name), ...moreText].sort((a, b) => a - b),
    balance: balanceColumn ? header.fields.indexOf(balanceColumn.name) : null,
    account: accountCol ? header.fields.indexOf(accountCol.name) : null,
    note,
  };
}
