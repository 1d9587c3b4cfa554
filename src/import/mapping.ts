/**
 * A CSV column mapping from named fields: the CLI's flags (`--date-column H`, …) and the
 * Import page's form fields carry the same names. A saved mapping (chat.db) is the base;
 * given fields override it. Contradictions are usage errors (CLI exit 2, HTTP 400).
 */
import { UsageError } from "../core/errors.ts";
import { DATE_FORMATS, type CsvMapping, type DateFormat } from "./formats/types.ts";

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
  if (m.currency && !/^[A-Za-z]{3}$/.test(m.currency.trim())) throw new UsageError(`the currency must be a three-letter code like CHF, got "${m.currency}"`);
  if (m.currency) m.currency = m.currency.trim().toUpperCase();
  return { ...m, dateFormat: m.dateFormat as DateFormat | undefined, decimal: m.decimal as "." | "," | undefined };
}
