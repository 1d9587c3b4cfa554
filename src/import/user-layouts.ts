/**
 * The user's own CSV layouts (SPEC §10.1, the page's mapping screen): a role per column, the date
 * notation, the decimal mark, "Flip signs" — saved by name as a BankLayout, the very shape of a
 * bank's layout (formats/csv-layout.ts), so the CSV reader recognises a file with the same header
 * and reads it with no question asked, on the page and from the command line (`--mapping NAME`,
 * `--save-mapping NAME`).
 *
 * Here: a layout made from roles (and checked), the roles of a layout a file was read with (the
 * mapping screen starts from them, also for a file that was recognised), the roles proposed for a
 * file nothing recognised, and the first rows of a CSV as the screen shows them.
 */
import { ChangeRefused } from "../core/errors.ts";
import type { Store } from "../store/store.ts";
import { YOUR_LAYOUT, type BankLayout, type ColumnPlan } from "./formats/csv-layout.ts";
import { csvHead } from "./formats/csv.ts";
import { constant } from "./formats/csv-guess.ts";
import { headerTier, indicatorSign, normaliseHeader, type Role } from "./formats/csv-words.ts";
import type { DateFormat } from "./formats/types.ts";
import { DateVotes, DecimalVotes, looksLikeDate, parseAmount, type DateOrder } from "./formats/values.ts";

/** What a column can be on the mapping screen, in its list's order. */
export const COLUMN_ROLES = ["date", "amount", "debit", "credit", "indicator", "payee", "purpose", "text", "currency", "balance", "ignore"] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];

/** The roles in the page's words. */
export const ROLE_WORDS: Record<ColumnRole, string> = {
  date: "Date",
  amount: "Amount (signed)",
  debit: "Money out",
  credit: "Money in",
  indicator: "Debit/credit sign",
  payee: "Payee or payer",
  purpose: "Purpose",
  text: "Other text",
  currency: "Currency",
  balance: "Balance",
  ignore: "Ignore",
};

/** The date notations a user chooses from (one per order: "26.11.2026" and "26/11/2026" read alike). */
export const DATE_NOTATIONS: readonly { format: DateFormat; order: DateOrder; words: string }[] = [
  { format: "DD.MM.YYYY", order: "DMY", words: "day first (26.11.2026, 26/11/2026)" },
  { format: "MM/DD/YYYY", order: "MDY", words: "month first (11/26/2026)" },
  { format: "YYYY-MM-DD", order: "YMD", words: "year first (2026-11-26)" },
];
export const DECIMAL_MARKS: readonly { mark: "." | ","; words: string }[] = [
  { mark: ".", words: "point (1'234.50)" },
  { mark: ",", words: "comma (1.234,50)" },
];

/** What the mapping screen shows of a CSV: its header and first rows, each column's role, the notation of its dates and amounts. */
export type CsvMappingView = {
  header: string[];
  rows: string[][];
  delimiter: string;
  roles: ColumnRole[];
  dateFormat: DateFormat | null;
  decimal: "." | "," | null;
  flipSigns: boolean;
  /** The read turned its signed amounts as a card's export does (purchases positive): a layout saved from it does too. */
  purchasesPositive: boolean;
  /** The currency of every row when no column holds one (null: none chosen; the file's, its account's, … then). */
  currency: string | null;
  /** The saved layout the file was read with, by name (null: a bank's layout, or guessed). */
  savedAs: string | null;
  /** Some columns were told by what they hold, not by their header's words: the screen opens for the user to check them. */
  byContent: boolean;
};

/** Rows the mapping screen shows. */
export const MAPPING_ROWS = 8;

/** What the user chose on the mapping screen (or a command line's flags came to). */
export type LayoutChoice = {
  header: readonly string[];
  delimiter: string;
  roles: readonly ColumnRole[];
  dateFormat: DateFormat | null;
  decimal: "." | "," | null;
  flipSigns: boolean;
  /**
   * The signed amount is a card's, purchases written positive, as the columns were read (a bank's card layout, or the
   * guess's card rule): kept, so the layout reads the file as it was shown, "Flip signs" on top of it (QA round 4: a
   * layout saved from such a read lost it, and read the next file's purchases as money in).
   */
  purchasesPositive?: boolean;
  /** One currency for every row, when no column has one (the command line's --currency). */
  currency?: string;
};

/** A saved layout's id, as the preview and `--json` name the layout a file was read with. */
export const userLayoutId = (name: string) => `saved:${name}`;
/** The saved name of a layout id, or null for a bank's layout or a guess. */
export const savedNameOf = (layoutId: string | null) => (layoutId?.startsWith("saved:") ? layoutId.slice("saved:".length) : null);

/**
 * A layout from roles, checked: one date column; one signed amount (with an optional debit/credit sign column),
 * or a money-out and a money-in column; at most one currency and one balance column; some text. Refused
 * (`invalid`) in the page's words otherwise. `name` null: used for this file only.
 */
export function layoutFromChoice(c: LayoutChoice, name: string | null): BankLayout {
  const cols = (role: ColumnRole) => c.roles.flatMap((r, i) => (r === role && (c.header[i] ?? "").trim() !== "" ? [c.header[i]!.trim()] : []));
  const one = (role: ColumnRole, what: string) => {
    const found = cols(role);
    if (found.length > 1) throw new ChangeRefused("invalid", `Only one column can be the ${what} (${found.map((f) => `“${f}”`).join(" and ")} both are).`);
    return found[0];
  };
  const date = one("date", "date");
  if (!date) throw new ChangeRefused("invalid", "Choose the column that holds the date.");
  // No notation proposed means the dates read both ways (01/02/2025): the user says which, nothing is assumed.
  if (!c.dateFormat) throw new ChangeRefused("invalid", "Choose how the dates are written: day first, month first or year first.");
  const amount = one("amount", "signed amount");
  const debit = one("debit", "money-out column");
  const credit = one("credit", "money-in column");
  const indicator = one("indicator", "debit/credit sign");
  let money: BankLayout["money"];
  if (amount && (debit || credit)) throw new ChangeRefused("invalid", "Choose a signed amount column, or a money-out and a money-in column, not both.");
  if (amount) money = indicator ? { amount, indicator } : { amount };
  else if (debit && credit) money = { debit, credit };
  else if (debit || credit) throw new ChangeRefused("invalid", `Choose the money-${debit ? "in" : "out"} column too: money out and money in go together.`);
  else throw new ChangeRefused("invalid", "Choose the column that holds the amount (or a money-out and a money-in column).");
  if (indicator && !amount) throw new ChangeRefused("invalid", "A debit/credit sign column goes with a signed amount column.");
  const currency = one("currency", "currency");
  // As on the command line (--currency-column or --currency): a column of currencies, or one for every row.
  if (currency && c.currency) throw new ChangeRefused("invalid", `Choose a currency column (“${currency}”) or a currency for every row (${c.currency}), not both.`);
  const payee = cols("payee");
  const purpose = cols("purpose");
  const text = cols("text");
  if (payee.length + purpose.length + text.length === 0) throw new ChangeRefused("invalid", "Choose at least one column that describes the payment (payee, purpose or other text).");
  const balance = one("balance", "balance");
  const header = c.header.map((h) => h.trim()).filter((h) => h !== "");
  return {
    id: name ? userLayoutId(name) : "mapping",
    bank: YOUR_LAYOUT,
    name: name ?? "the columns you chose",
    header,
    encoding: "utf-8",
    delimiter: c.delimiter as BankLayout["delimiter"],
    dates: [c.dateFormat],
    decimal: c.decimal ?? ".",
    date,
    money,
    ...(currency ? { currency: { column: currency } } : c.currency ? { currency: { fixed: c.currency } } : {}),
    ...(balance ? { balance } : {}),
    description: { columns: [...payee, ...text, ...purpose] },
    ...(payee.length ? { counterparty: payee[0]! } : {}),
    ...(purpose.length ? { purpose } : {}),
    ...(c.flipSigns ? { flipSigns: true } : {}),
    ...(c.purchasesPositive ? { purchasesPositive: true } : {}),
  };
}

const FORMAT_OF_ORDER: Record<DateOrder, DateFormat> = { DMY: "DD.MM.YYYY", MDY: "MM/DD/YYYY", YMD: "YYYY-MM-DD" };

/** Each header column's role in the columns a file was read with. */
export function rolesOf(plan: ColumnPlan): ColumnRole[] {
  const roles: ColumnRole[] = plan.names.map(() => "ignore");
  const set = (i: number | null, role: ColumnRole) => {
    if (i !== null && i >= 0 && i < roles.length && roles[i] === "ignore") roles[i] = role;
  };
  set(plan.date, "date");
  const m = plan.money;
  if (m.kind === "split") {
    set(m.debit, "debit");
    set(m.credit, "credit");
  } else if (m.kind === "byCurrency") {
    for (const c of m.columns) set(c.column, "amount");
  } else if (m.kind === "direction") {
    // A transfer's two sides (Wise's transaction history): no role of the mapping screen says "source" or "target".
    set(m.source.amount, "amount");
  } else {
    set(m.amount, "amount");
    if (m.kind === "indicator") set(m.indicator, "indicator");
  }
  set(plan.currency, "currency");
  set(plan.balance, "balance");
  const counterparty = new Set([...plan.counterparty.out, ...plan.counterparty.in]);
  const purpose = new Set(plan.purpose);
  for (const i of new Set([...plan.description.out, ...plan.description.in])) set(i, counterparty.has(i) ? "payee" : purpose.has(i) ? "purpose" : "text");
  return roles;
}

/** What the columns a file was read with come to, as a choice (to save them, or to start the mapping screen from). */
export function choiceOf(plan: ColumnPlan, delimiter: string, flipSigns: boolean): LayoutChoice {
  return {
    header: plan.names,
    delimiter,
    roles: rolesOf(plan),
    dateFormat: plan.dateOrders[0] ? FORMAT_OF_ORDER[plan.dateOrders[0]] : null,
    decimal: plan.decimal,
    flipSigns,
    purchasesPositive: plan.purchasesPositive,
    // One currency for every row (a layout's, the user's): kept with the columns, for the screen and a saved layout.
    ...(plan.defaultCurrency && plan.currency === null ? { currency: plan.defaultCurrency.code } : {}),
  };
}

/** The header words of the roles a column can be proposed for, best first (csv-words.ts's roles, as the screen names them). */
const PROPOSE: readonly [Role, ColumnRole][] = [
  ["date", "date"],
  ["debit", "debit"],
  ["credit", "credit"],
  ["amount", "amount"],
  ["indicator", "indicator"],
  ["currency", "currency"],
  ["balance", "balance"],
  ["payee", "payee"],
  ["payer", "payee"],
  ["party", "payee"],
  ["memo", "purpose"],
  ["text", "text"],
];
/** Roles of a column that describes the payment. */
const describes = (r: ColumnRole) => r === "payee" || r === "purpose" || r === "text";
/** Roles a file has at most one column of. */
const SINGLE: ReadonlySet<ColumnRole> = new Set(["date", "amount", "debit", "credit", "indicator", "currency", "balance"]);

/**
 * Roles for a CSV nothing recognised: by header words where they say it, else by what the column holds (the
 * first column of dates is the date, the first of amounts the amount, a column of D/C signs the sign, the
 * longest text the payee); everything else is ignored until the user says otherwise.
 */
export function proposeRoles(header: readonly string[], rows: readonly string[][]): ColumnRole[] {
  const roles: ColumnRole[] = header.map(() => "ignore");
  const taken = new Set<ColumnRole>();
  const give = (i: number, role: ColumnRole) => {
    if (roles[i] !== "ignore" || (SINGLE.has(role) && taken.has(role))) return false;
    roles[i] = role;
    taken.add(role);
    return true;
  };
  header.forEach((h, i) => {
    const norm = normaliseHeader(h);
    const hit = PROPOSE.map(([word, role]) => ({ role, tier: headerTier(norm, word) })).filter((x) => x.tier !== null).sort((a, b) => a.tier! - b.tier!)[0];
    if (hit) give(i, hit.role);
  });
  // A payee by its header word of one value on every row (a card's holder, "Naam kaarthouder") is nobody the money went
  // to or came from while another text column varies (uqa9, finding 2: the cardholder began every purchase's description).
  const varies = (i: number) => !constant(rows.map((r) => r[i] ?? ""));
  header.forEach((_, i) => {
    if (roles[i] === "payee" && !varies(i) && roles.some((r, j) => j !== i && describes(r) && varies(j))) roles[i] = "ignore";
  });
  const values = (i: number) => rows.map((r) => (r[i] ?? "").trim()).filter((v) => v !== "");
  const all = (i: number, test: (v: string) => boolean) => values(i).length > 0 && values(i).every(test);
  const isAmount = (v: string) => parseAmount(v, ".") !== null || parseAmount(v, ",") !== null;
  header.forEach((_, i) => {
    if (roles[i] !== "ignore") return;
    if (!taken.has("date") && all(i, looksLikeDate)) give(i, "date");
    else if (!taken.has("amount") && !taken.has("debit") && all(i, isAmount)) give(i, "amount");
    else if (!taken.has("indicator") && all(i, (v) => indicatorSign(v) !== undefined)) give(i, "indicator");
  });
  if (!roles.some(describes)) {
    const longest = header
      .map((_, i) => ({ i, len: values(i).reduce((n, v) => n + v.length, 0) }))
      .filter(({ i }) => roles[i] === "ignore" && !all(i, isAmount) && !all(i, looksLikeDate))
      .sort((a, b) => b.len - a.len)[0];
    if (longest && longest.len > 0) roles[longest.i] = "payee";
  }
  return roles;
}

/**
 * The columns of the mapping screen set to "ignore" that hold amounts (every value an amount, not all zero): money the
 * import would leave out, which the screen names before the user confirms a proposal.
 */
export function ignoredAmountColumns(view: Pick<CsvMappingView, "header" | "rows" | "roles">): string[] {
  return view.header.flatMap((h, i) => {
    if (view.roles[i] !== "ignore") return [];
    const values = view.rows.map((r) => (r[i] ?? "").trim()).filter((v) => v !== "");
    const amounts = values.map((v) => parseAmount(v, ".") ?? parseAmount(v, ","));
    return values.length > 0 && amounts.every((a) => a !== null) && amounts.some((a) => a !== 0) ? [h || `Column ${i + 1}`] : [];
  });
}

/** The date notation and decimal mark the rows suggest for these roles (null: the rows do not tell). */
export function proposeNotation(rows: readonly string[][], roles: readonly ColumnRole[]): { dateFormat: DateFormat | null; decimal: "." | "," | null } {
  const dates = new DateVotes();
  const decimals = new DecimalVotes();
  roles.forEach((role, i) => {
    for (const r of rows) {
      if (role === "date") dates.add(r[i] ?? "");
      if (role === "amount" || role === "debit" || role === "credit" || role === "balance") decimals.add(r[i] ?? "");
    }
  });
  const d = dates.result();
  const m = decimals.result();
  const decimal = "decimal" in m ? m.decimal : null;
  // As the reader does: dates that read both ways beside decimal commas are day-first.
  const order = "order" in d ? d.order : "ambiguous" in d && decimal === "," ? "DMY" : null;
  return { dateFormat: order ? FORMAT_OF_ORDER[order] : null, decimal };
}

/**
 * The mapping screen's view of a CSV: its header and first rows, and the roles and notation of the columns it
 * was read with (`plan`), or proposed for it (nothing recognised it). A text that holds no table is the
 * reader's problem to state, not this screen's: null then.
 */
export function mappingView(text: string, fileName: string, plan: ColumnPlan | null, flipSigns: boolean): CsvMappingView | null {
  let head: ReturnType<typeof csvHead>;
  try {
    head = csvHead(text, fileName, 500);
  } catch {
    return null;
  }
  const header = head.header.fields.map((f) => f.trim());
  const sample = head.rows.map((r) => r.fields);
  if (plan && plan.names.length === header.length) {
    const c = choiceOf(plan, head.delimiter, flipSigns);
    return { header, rows: sample.slice(0, MAPPING_ROWS), delimiter: head.delimiter, roles: [...c.roles], dateFormat: c.dateFormat, decimal: c.decimal, flipSigns, purchasesPositive: plan.purchasesPositive, currency: c.currency ?? null, savedAs: savedNameOf(plan.layout), byContent: plan.byContent === true };
  }
  const roles = proposeRoles(header, sample.slice(0, 50));
  return { header, rows: sample.slice(0, MAPPING_ROWS), delimiter: head.delimiter, roles, ...proposeNotation(sample, roles), flipSigns, purchasesPositive: false, currency: null, savedAs: null, byContent: false };
}

/** A saved entry: a layout (round 4 on), or the command line's column flags saved before round 4. */
export type SavedLayout = { name: string; layout: BankLayout } | { name: string; flags: Record<string, unknown> };

/** A stored layout is the shape this module saved; anything else (an older entry) is taken as column flags. */
function asLayout(v: Record<string, unknown>): BankLayout | null {
  const strings = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === "string");
  const money = v.money as Record<string, unknown> | undefined;
  const description = v.description as Record<string, unknown> | undefined;
  const ok =
    typeof v.id === "string" &&
    strings(v.header) &&
    typeof v.date === "string" &&
    strings(v.dates) &&
    (v.decimal === "." || v.decimal === ",") &&
    typeof v.delimiter === "string" &&
    !!money &&
    (typeof money.amount === "string" || (typeof money.debit === "string" && typeof money.credit === "string")) &&
    !!description &&
    strings(description.columns);
  return ok ? (v as unknown as BankLayout) : null;
}

export function savedLayout(store: Store, name: string): SavedLayout | null {
  const v = store.csvMappings.get(name);
  if (!v) return null;
  const layout = asLayout(v);
  return layout ? { name, layout } : { name, flags: v };
}

/** The saved layouts a CSV's header is matched against, the most recently saved first. */
export function savedLayouts(store: Store): BankLayout[] {
  return store.csvMappings.all().flatMap((e) => asLayout(e.mapping) ?? []);
}

/** Save a layout under its name (the layout's own id and name follow it). */
export function saveLayout(store: Store, name: string, layout: BankLayout, by: string): BankLayout {
  const named: BankLayout = { ...layout, id: userLayoutId(name), name };
  store.csvMappings.save(name, named as unknown as Record<string, unknown>, by);
  return named;
}
