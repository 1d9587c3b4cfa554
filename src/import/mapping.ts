/**
 * How a file is to be read, from named fields: the CLI's flags (`--date-column H`, …), the Import
 * page's form fields and an API client's JSON.
 *
 * - `csvMapping`: the column flags (the CLI's, and the API's fields of the same names) as a
 *   CsvMapping for the header guess; a saved flag mapping (from before round 4) is the base, given
 *   fields override it. Contradictions are usage errors (CLI exit 2, HTTP 400).
 * - `FileSettings`: what the page (or the API) sets for one file — account, format, "Flip signs",
 *   the mapping screen's roles and notation, a saved layout — normalised, so that the settings an
 *   import is sent with can be compared with those its preview was made with (pending.ts).
 * - `readOptionsFor`: settings → what the importer reads the file with.
 */
import { ChangeRefused, UsageError } from "../core/errors.ts";
import { CurrencyCode } from "../core/validation.ts";
import type { Store } from "../store/store.ts";
import { IMPORT_FORMATS } from "./formats/registry.ts";
import { DATE_FORMATS, type CsvMapping, type DateFormat } from "./formats/types.ts";
import type { ParseOptions } from "./importer.ts";
import { COLUMN_ROLES, layoutFromChoice, savedLayout, type ColumnRole, type CsvMappingView } from "./user-layouts.ts";

/** Field (flag) name → CsvMapping key. */
export const CSV_FLAGS = {
  "date-column": "dateColumn",
  "amount-column": "amountColumn",
  "debit-column": "debitColumn",
  "credit-column": "creditColumn",
  "description-column": "descriptionColumn",
  "currency-column": "currencyColumn",
  currency: "currency",
  "date-format": "dateFormat",
  decimal: "decimal",
} as const satisfies Record<string, keyof CsvMapping>;

/** The mapping the fields give, on top of a saved one; undefined when none is given. */
export function csvMapping(values: Record<string, unknown>, saved: Record<string, unknown> | null): CsvMapping | undefined {
  const m: Record<string, string> = {};
  for (const [k, v] of Object.entries(saved ?? {})) if (typeof v === "string" && (Object.values(CSV_FLAGS) as string[]).includes(k)) m[k] = v;
  for (const [flag, key] of Object.entries(CSV_FLAGS)) {
    const v = values[flag];
    if (typeof v === "string" && v.trim() !== "") m[key] = v.trim();
  }
  if (Object.keys(m).length === 0) return undefined;
  if (m.dateFormat && !(DATE_FORMATS as readonly string[]).includes(m.dateFormat)) throw new UsageError(`the date format must be one of ${DATE_FORMATS.join(", ")}, got "${m.dateFormat}"`);
  if (m.decimal && m.decimal !== "." && m.decimal !== ",") throw new UsageError(`the decimal mark must be . or , (got "${m.decimal}")`);
  if (m.amountColumn && (m.debitColumn || m.creditColumn)) throw new UsageError("give an amount column, or a debit column with a credit column, not both");
  if (!!m.debitColumn !== !!m.creditColumn) throw new UsageError("a debit column and a credit column go together");
  if (m.currencyColumn && m.currency) throw new UsageError("give a currency column or a currency, not both");
  if (m.currency) m.currency = currencyCode(m.currency, (problem) => new UsageError(`the currency ${problem}`));
  return { ...m, dateFormat: m.dateFormat as DateFormat | undefined, decimal: m.decimal as "." | "," | undefined };
}

/** A currency code read with CurrencyCode, or the error `refuse` makes of what is wrong with it. */
function currencyCode(raw: string, refuse: (problem: string) => Error): string {
  const code = CurrencyCode.safeParse(raw);
  if (!code.success) throw refuse(code.error.issues[0]!.message);
  return code.data;
}

/** What the page or the API sets for one file, normalised (absent: not set). */
export type FileSettings = {
  account?: string;
  format?: string;
  flipSigns?: true;
  /**
   * The mapping screen's choice: a role per header column, the date notation and decimal mark, and the currency of
   * every row when no column holds one (the command line's --currency).
   */
  columns?: { roles: ColumnRole[]; dateFormat: DateFormat | null; decimal: "." | "," | null; currency: string | null };
  /** A saved layout, by name. */
  layout?: string;
  /** The API's column fields (SPEC §10's mapping fields, named like the CLI's flags). */
  flags?: Record<string, string>;
};

const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);
const ticked = (v: unknown) => v === true || (typeof v === "string" && ["on", "true", "1", "yes"].includes(v.trim().toLowerCase()));

/**
 * A file's settings from form fields: `account`, `format`, `flip-signs`, `layout` (or `mapping`: a saved
 * one's name), and when `columns` is "chosen", the mapping screen's `role-0` … `role-N`, `dates-written`,
 * `decimal-mark` and `row-currency`; the API's column fields (named as the CLI's flags) as given, `currency` (the
 * file's own field on the page, for a file a bank's layout reads) as its code. A currency that is no ISO 4217 code is
 * refused (`invalid`), in the page's words.
 */
export function settingsFromFields(f: Record<string, unknown>): FileSettings {
  const s: FileSettings = {};
  const account = text(f.account);
  if (account) s.account = account;
  const format = text(f.format);
  if (format && format !== "auto") s.format = format;
  if (ticked(f["flip-signs"])) s.flipSigns = true;
  if (f.columns === "chosen") {
    const roles: ColumnRole[] = [];
    for (let i = 0; typeof f[`role-${i}`] === "string"; i++) {
      const role = f[`role-${i}`] as string;
      roles.push((COLUMN_ROLES as readonly string[]).includes(role) ? (role as ColumnRole) : "ignore");
    }
    const dateFormat = text(f["dates-written"]);
    const decimal = text(f["decimal-mark"]);
    const currency = text(f["row-currency"]);
    s.columns = {
      roles,
      dateFormat: dateFormat && (DATE_FORMATS as readonly string[]).includes(dateFormat) ? (dateFormat as DateFormat) : null,
      decimal: decimal === "." || decimal === "," ? decimal : null,
      currency: currency ? pageCurrency(currency) : null,
    };
  } else {
    const layout = text(f.layout) ?? text(f.mapping);
    if (layout) s.layout = layout;
    const flags: Record<string, string> = {};
    for (const flag of Object.keys(CSV_FLAGS)) {
      const v = text(f[flag]);
      // The currency as the page shows it back and compares it at import ("nad" is NAD), refused in its words.
      if (v) flags[flag] = flag === "currency" ? pageCurrency(v) : v;
    }
    if (Object.keys(flags).length) s.flags = flags;
  }
  return s;
}

/** The mapping screen's (or the API's) currency for every row, read as the command line's --currency is; refused in the page's words. */
export const pageCurrency = (raw: string): string => currencyCode(raw, (problem) => new ChangeRefused("invalid", `The currency ${problem}.`));

/**
 * The settings of a file whose columns the user now names (`s`), that was read with a layout of its own "Flip signs" (a
 * saved layout's): the page's tick was the user's flip over the layout's, so the layout's joins it, and the columns
 * chosen, saved again too, read the signs as they were shown (review of webqa F2: the layout's flip was lost). `before`:
 * the file's settings until now, `view`: what the mapping screen showed of it, its flip the one it was read with.
 */
export function withLayoutFlip(s: FileSettings, before: FileSettings, view: CsvMappingView | null): FileSettings {
  const layoutFlips = view !== null && view.flipSigns !== (before.flipSigns === true);
  if (!s.columns || before.columns || !layoutFlips) return s;
  const { flipSigns, ...rest } = s;
  return flipSigns ? rest : { ...rest, flipSigns: true };
}

/** The layout the mapping screen's choice makes of the file it showed (`name` null: for this file only). */
export function chosenLayout(view: CsvMappingView, s: FileSettings & { columns: NonNullable<FileSettings["columns"]> }, name: string | null) {
  const c = s.columns;
  return layoutFromChoice({ header: view.header, delimiter: view.delimiter, roles: c.roles, dateFormat: c.dateFormat, decimal: c.decimal, flipSigns: s.flipSigns === true, purchasesPositive: view.purchasesPositive, ...(c.currency ? { currency: c.currency } : {}) }, name);
}

/**
 * What the importer reads a file with for these settings. The mapping screen's roles make a layout of the file's
 * header (`view`: what the screen showed of it), read with its own "Flip signs"; a saved layout is read by name;
 * column fields go to the header guess. Refused (`invalid`) in the page's words when they cannot be used.
 */
export function readOptionsFor(s: FileSettings, view: CsvMappingView | null, store: Store): Omit<ParseOptions, "skipBadRows" | "acceptUnreconciled"> {
  if (s.format && !IMPORT_FORMATS.includes(s.format)) throw new ChangeRefused("invalid", `Unknown format "${s.format}": auto, ${IMPORT_FORMATS.join(", ")}.`);
  const base = { format: s.format ?? "auto", account: s.account };
  if (s.columns && view) {
    const layout = chosenLayout(view, { ...s, columns: s.columns }, null);
    return { ...base, format: "csv", layout };
  }
  let mapping: CsvMapping | undefined;
  let layout;
  if (s.layout) {
    const saved = savedLayout(store, s.layout);
    if (!saved) throw new ChangeRefused("invalid", `No saved layout "${s.layout}".`);
    if ("layout" in saved) layout = saved.layout;
    else mapping = csvMapping({}, saved.flags);
  }
  if (s.flags) {
    try {
      mapping = csvMapping(s.flags, mapping ? (mapping as Record<string, unknown>) : null);
    } catch (e) {
      if (e instanceof UsageError) throw new ChangeRefused("invalid", `${e.message[0]!.toUpperCase()}${e.message.slice(1)}.`);
      throw e;
    }
  }
  return { ...base, flipSigns: s.flipSigns === true, mapping, layout };
}
