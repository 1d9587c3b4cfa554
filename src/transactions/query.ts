/**
 * The Transactions page's filters (SPEC §12), as the URL carries them:
 * `?q=&category=&merchant=&account=&currency=&from=&to=&min=&max=&direction=&any=…&sort=date|amount&page=`.
 * `any` (repeatable) narrows the rows to those matching at least one of its filter sets, each
 * written as a query string of its own (`any=category%3DGroceries&any=category%3DDining`): the
 * rows of a figure's terms (SPEC §11.1 drill-down), which no single set of filters selects; a set
 * may name one transaction by its number (`any=id%3D1234`: the row of a listing behind a figure).
 * The page, `GET /api/transactions` and `/transactions.csv` all read them through
 * `parseTransactionQuery`, so a shared link, the JSON and the download show the same rows.
 *
 * An empty field counts as absent (a GET form sends every field, filled or not). Anything
 * else that is wrong (a date that is not a day, min above max, a parameter nobody knows)
 * is refused with a message that names it, never ignored.
 */
import { z } from "zod";
import { parseDay } from "../ledger/calendar.ts";
import { lazySchema } from "../core/validation.ts";

/** Rows per page. */
export const PAGE_SIZE = 50;

/** Names compared as the page compares them (categories, accounts; merchants of no stored spelling): ignoring case and surrounding spaces. */
export const fold = (s: string) => s.trim().toLowerCase();

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const text = (what: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(200, `${what} has at most 200 characters`).optional());
const day = (what: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && parseDay(s) !== null, `${what} must be a real date written YYYY-MM-DD, e.g. 2025-03-01`)
      .optional(),
  );
const amount = (what: string) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === "string" ? (/^\s*\d+(\.\d+)?\s*$/.test(b) ? Number(b) : b) : b;
    },
    z
      .number(`${what} must be an amount of money ≥ 0, e.g. 100 or 99.50 (the amount without its sign)`)
      .min(0, `${what} must be ≥ 0 (amounts are compared without their sign; use direction=out or in)`)
      .max(1e12, `${what} is too large`)
      .optional(),
  );

const currency = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, "currency must be a three-letter code such as CHF")
      .transform((c) => c.toUpperCase())
      .optional(),
  );

const direction = () => z.preprocess(blankToUndefined, z.enum(["out", "in"], "direction must be out or in").optional());

/** A transaction's number (`transactions.id`): the one row behind a figure of a listing (SPEC §11.1 drill-down). */
const transactionId = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,14}$/, "id must be a transaction's number, e.g. 1234")
      .optional(),
  );

/** A transaction's own amount, signed (`-50.00`): with its `id`, the row a figure's link names is that row still. */
const signedAmount = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^-?\d{1,12}(\.\d{1,2})?$/, "amount must be a transaction's amount with its sign, e.g. -50.00")
      .optional(),
  );

/** At most this many filter sets in `any` (an n-term sum of one list: its months, categories or merchants). */
export const MAX_ANY = 100;

/**
 * One filter set of `any`: the filters a figure's source names (src/core/figures.ts RowFilters). Its `id` is one
 * transaction (a listing's row), a filter only `any` takes, always with that row's day, amount and currency
 * (`any=id%3D1234%26currency%3DCHF%26from%3D2025-05-20%26to%3D2025-05-20%26amount%3D-50.00`): an id SQLite gives
 * again to another row (after an import is undone and another made) then matches nothing, never that other row.
 */
const rowsFilterSchema = lazySchema(() =>
  z
    .strictObject({ q: text("q (the search text)"), category: text("category"), merchant: text("merchant"), account: text("account"), currency: currency(), from: day("from"), to: day("to"), direction: direction(), id: transactionId(), amount: signedAmount() })
    .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, { message: "from is after to", path: ["from"] })
    .refine((f) => f.id === undefined || (f.from !== undefined && f.from === f.to && f.amount !== undefined && f.currency !== undefined), {
      message: "id needs its transaction's day (from = to), amount and currency",
      path: ["id"],
    })
    .refine((f) => Object.values(f).some((v) => v !== undefined), { message: "it sets no filter" }),
);

/** Built at its first use (a start-up parses no query). */
const transactionQuerySchema = lazySchema(() =>
  z
    .strictObject({
      q: text("q (the search text)"),
      category: text("category"),
      merchant: text("merchant"),
      account: text("account"),
      currency: currency(),
      from: day("from"),
      to: day("to"),
      min: amount("min"),
      max: amount("max"),
      direction: direction(),
      any: z.array(rowsFilterSchema()).max(MAX_ANY, `any is given at most ${MAX_ANY} times`).optional(),
      sort: z.preprocess(blankToUndefined, z.enum(["date", "amount"], "sort must be date or amount").default("date")),
      page: z.preprocess(
        (v) => {
          const b = blankToUndefined(v);
          return typeof b === "string" && /^\s*\d+\s*$/.test(b) ? Number(b) : b;
        },
        z.number("page must be a whole number ≥ 1").int("page must be a whole number ≥ 1").min(1, "page must be a whole number ≥ 1").max(1_000_000, "page is too large").default(1),
      ),
    })
    .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: "from is after to", path: ["from"] })
    .refine((q) => q.min === undefined || q.max === undefined || q.min <= q.max, { message: "min is larger than max", path: ["min"] }),
);

export type TransactionQuery = z.output<ReturnType<typeof transactionQuerySchema>>;

/** One filter set of `any`. */
export type RowsFilter = z.output<ReturnType<typeof rowsFilterSchema>>;

/** The filters of a query without its sort and page (what the totals and the CSV cover). */
export type TransactionFilters = Omit<TransactionQuery, "sort" | "page">;

/** Why a query was refused, in one sentence per problem. */
export class TransactionQueryError extends Error {
  override name = "TransactionQueryError";
}

/** The parameters, in the order a query string writes them. */
const known = lazySchema(() => Object.keys(transactionQuerySchema().shape));
/** The parameters of one filter set of `any`, in the order it is written. */
const knownInAny = lazySchema(() => Object.keys(rowsFilterSchema().shape));

/** Where a problem of the schema is: "any #2: " for one of `any`'s filter sets, else nothing. */
const placeOf = (path: readonly PropertyKey[]) => (path[0] === "any" && typeof path[1] === "number" ? `any #${path[1] + 1}: ` : "");

/**
 * The query of a URL's search parameters. Throws TransactionQueryError with every problem
 * in words ("from must be a real date…; unknown parameter "catgory"…").
 */
export function parseTransactionQuery(params: URLSearchParams | Record<string, string>): TransactionQuery {
  const entries = params instanceof URLSearchParams ? [...params] : Object.entries(params);
  const raw: Record<string, string | Record<string, string>[]> = {};
  const problems: string[] = [];
  const any: Record<string, string>[] = [];
  for (const [k, v] of entries) {
    if (k === "any") any.push(anyPart(v, any.length + 1, problems));
    else if (!known().includes(k)) problems.push(`unknown parameter "${k}" (known: ${known().join(", ")})`);
    else if (k in raw) problems.push(`${k} is given more than once`);
    else raw[k] = v;
  }
  if (any.length) raw.any = any;
  const parsed = transactionQuerySchema().safeParse(raw);
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => placeOf(i.path) + i.message));
  if (problems.length) throw new TransactionQueryError(`Invalid filter: ${problems.join("; ")}.`);
  return parsed.data!;
}

/** One `any` value (a query string of filters) as fields; an unknown or repeated field is a problem of "any #n". */
function anyPart(value: string, n: number, problems: string[]): Record<string, string> {
  const part: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(value)) {
    if (!knownInAny().includes(k)) problems.push(`any #${n}: unknown filter "${k}" (known: ${knownInAny().join(", ")})`);
    else if (k in part) problems.push(`any #${n}: ${k} is given more than once`);
    else part[k] = v;
  }
  return part;
}

/** The fields of `keys` that are set, as URL parameters in that order. */
function paramsOf(q: Record<string, unknown>, keys: readonly string[]): URLSearchParams {
  const p = new URLSearchParams();
  for (const k of keys) {
    const v = q[k];
    if (v === undefined || v === "" || (k === "page" && v === 1) || (k === "sort" && v === "date")) continue;
    if (k === "any") for (const part of v as RowsFilter[]) p.append(k, rowsFilterString(part));
    else p.set(k, String(v));
  }
  return p;
}

/** A filter set of `any` as one `any` value (`category=Dining&from=2025-01-01`): every field it may hold, in a fixed order. */
export function rowsFilterString(f: RowsFilter): string {
  return paramsOf(f, knownInAny()).toString();
}

/**
 * The URL query string of a query: only the fields that are set, in a fixed order, page 1
 * and sort=date left out (they are the defaults), so equal filters give equal links.
 */
export function transactionQueryString(q: Partial<TransactionQuery>): string {
  const s = paramsOf(q, known()).toString();
  return s ? `?${s}` : "";
}

/** A date-range preset of the page: its label and inclusive bounds. */
export type DatePreset = { label: string; from: string; to: string };

/**
 * The presets relative to today (UTC calendar): this month, last month, the last 3 full
 * months, this year, last year.
 */
export function datePresets(today: Date): DatePreset[] {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth(); // 0-based
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const first = (yy: number, mm: number) => new Date(Date.UTC(yy, mm, 1));
  const last = (yy: number, mm: number) => new Date(Date.UTC(yy, mm + 1, 0));
  return [
    { label: "This month", from: iso(first(y, m)), to: iso(last(y, m)) },
    { label: "Last month", from: iso(first(y, m - 1)), to: iso(last(y, m - 1)) },
    { label: "Last 3 months", from: iso(first(y, m - 3)), to: iso(last(y, m - 1)) },
    { label: "This year", from: `${y}-01-01`, to: `${y}-12-31` },
    { label: "Last year", from: `${y - 1}-01-01`, to: `${y - 1}-12-31` },
  ];
}
