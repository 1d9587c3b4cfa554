/**
 * "See these transactions": the Transactions page's address for the rows behind a tool's
 * chart or table (SPEC §12), from the tool's validated input. Only tools whose rows the
 * page can select exactly get a link (a text search, a transaction list, one category's
 * merchants or months); for the others (spending across categories, recurring series,
 * comparisons) the page's filters would show different rows, so there is none.
 */
import { daysInMonth } from "../ledger/calendar.ts";
import { transactionQueryString, type TransactionQuery } from "./query.ts";

type Input = Record<string, unknown>;

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v : undefined);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** The period of a tool input as the page's from/to. */
function periodOf(i: Input): Pick<TransactionQuery, "from" | "to"> {
  const year = num(i.year);
  const month = num(i.month);
  if (year !== undefined) {
    const y = String(year).padStart(4, "0");
    if (month === undefined) return { from: `${y}-01-01`, to: `${y}-12-31` };
    const m = String(month).padStart(2, "0");
    return { from: `${y}-${m}-01`, to: `${y}-${m}-${String(daysInMonth(year, month)).padStart(2, "0")}` };
  }
  return { from: str(i.from), to: str(i.to) };
}

/** The page's address for a tool call's rows, or null when the page cannot show exactly those. */
export function transactionsHref(tool: string, input: unknown): string | null {
  if (!input || typeof input !== "object") return null;
  const i = input as Input;
  const common: Partial<TransactionQuery> = { ...periodOf(i), currency: str(i.currency)?.trim().toUpperCase() };
  let q: Partial<TransactionQuery>;
  switch (tool) {
    case "search_transactions":
    case "list_transactions": {
      const direction = i.direction === "out" || i.direction === "in" ? i.direction : undefined;
      q = { ...common, q: str(i.search), category: str(i.category), min: num(i.min_amount), max: num(i.max_amount), direction, sort: i.sort === "amount" ? "amount" : "date" };
      break;
    }
    case "merchant_breakdown":
    case "monthly_trend":
      if (!str(i.category)) return null;
      q = { ...common, category: str(i.category) };
      break;
    default:
      return null;
  }
  return `/transactions${transactionQueryString(q)}`;
}
