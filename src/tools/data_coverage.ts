/**
 * data_coverage (SPEC §2): what the data covers, per account (when the database records
 * accounts) and currency, measured against today: a period after the data's end has no
 * data yet, which is not the same as no spending.
 */
import { z } from "zod";
import { daysBetween, dayToIso, monthKey, monthLabel } from "../ledger/calendar.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import { NO_ACCOUNT } from "../ledger/schema.ts";
import { formatCount, formatMoney, plural } from "../core/format.ts";
import type { TableSpec } from "../core/events.ts";
import { periodFields } from "./query/fields.ts";
import { periodPhrase, resolvePeriod } from "./query/period.ts";
import { forEachRow } from "./query/rows.ts";
import { accountPhrase, scopeOf } from "./query/scope.ts";
import { todayOf } from "./query/today.ts";
import { lazySchema } from "../core/validation.ts";
import { gapPhrase, verifiedBalances, type LatestBalance } from "./query/statements.ts";
import type { ReadTool } from "./types.ts";

const schema = lazySchema(() => z.strictObject({ ...periodFields() }));

/** How many imports of import_log are listed. */
const IMPORTS = 5;

type Span = { account: string | null; currency: string; first: number; last: number; rows: number; months: Set<number> };

export const dataCoverage: ReadTool<ReturnType<typeof schema>> = {
  name: "data_coverage",
  label: "Checking what the data covers…",
  promptHint: "what the data covers, gaps, latest imports and balances; before anything about a recent period.",
  description:
    "Per account and currency: first and last date, rows, months with data, gaps, days since the last transaction; the latest " +
    "imports, each account's last verified balance and any missing statement. The UI shows a table.",
  risk: "low",
  schema,
  run(db, input, ctx) {
    const l = db.ledger();
    const period = resolvePeriod(input);
    const today = todayOf(ctx);
    const nCur = l.currencies.length;
    const spans = new Map<number, Span>();
    forEachRow(l, { period, ...scopeOf(l, input) }, (i) => {
      const a = l.hasAccount ? l.accountAt(i) : -1;
      const key = (a + 1) * nCur + l.currencyAt(i);
      let s = spans.get(key);
      if (!s) {
        s = { account: l.accountNameOf(a), currency: l.currencyCode(i), first: l.dayAt(i), last: l.dayAt(i), rows: 0, months: new Set() };
        spans.set(key, s);
      }
      s.last = l.dayAt(i);
      s.rows++;
      s.months.add(l.monthAt(i));
    });
    const current = monthKey(today);
    const head =
      `Today is ${dayToIso(today)}. ` +
      (l.lastDay === null
        ? "The database has no transactions."
        : `The data runs from ${dayToIso(l.firstDay!)} to ${dayToIso(l.lastDay)} (${plural(daysBetween(l.lastDay, today), "day")} before today); ` +
          (monthKey(l.lastDay) >= current
            ? `the current month ${monthLabel(current)} has data up to ${dayToIso(l.lastDay)}.`
            : `the current month ${monthLabel(current)} has no data yet: any period after ${dayToIso(l.lastDay)} has no data yet (not zero spending).`));
    const list = [...spans.values()].sort((a, b) => b.rows - a.rows || (a.account ?? "").localeCompare(b.account ?? "") || a.currency.localeCompare(b.currency));
    const gapsOf = (s: Span) => {
      const out: string[] = [];
      for (let m = monthKey(s.first); m <= monthKey(s.last); m++) if (!s.months.has(m)) out.push(monthLabel(m));
      return out;
    };
    const line = (s: Span) => {
      const gaps = gapsOf(s);
      return (
        `${s.account === null ? "" : `${s.account} `}${s.currency}: ${dayToIso(s.first)} to ${dayToIso(s.last)}, ${plural(s.rows, "row")}, ` +
        `${plural(s.months.size, "month")} with data, ${gaps.length ? `gap months ${gaps.join(", ")}` : "no gap months"}, ` +
        `last transaction ${plural(daysBetween(s.last, today), "day")} before today, current month ${s.months.has(current) ? "has data" : "has no data"}`
      );
    };
    const imports = latestImports(db);
    const importLine = imports.length
      ? `Latest imports: ${imports.map((r) => `${r.imported_at} ${r.filename} (${plural(Number(r.row_count), "row")})`).join("; ")}.`
      : db.hasTable("import_log")
        ? "No imports are logged."
        : "";
    const scope = `${periodPhrase(period, l)}${accountPhrase(l, input)}`;
    const accounts = l.hasAccount;
    const coverage: TableSpec = {
      title: `Data coverage, ${period.label}`,
      columns: [...(accounts ? ["Account"] : []), "Currency", "First", "Last", "Rows", "Months with data", "Gap months", "Days since last", "Current month"],
      kinds: [...(accounts ? (["text"] as const) : []), "currency", "date", "date", "count", "count", "text", "count", "text"],
      totalRows: list.length,
      rows: list.map((s) => [
        ...(accounts ? [s.account ?? NO_ACCOUNT] : []),
        s.currency,
        dayToIso(s.first),
        dayToIso(s.last),
        s.rows,
        s.months.size,
        gapsOf(s).join(", ") || null,
        daysBetween(s.last, today),
        s.months.has(current) ? "has data" : "no data yet",
      ]),
    };
    const tables: TableSpec[] = [coverage];
    const balances = verifiedBalances(db, input);
    if (balances.latest.length) {
      tables.push({
        title: "Last verified balance per account",
        columns: ["Account", "Currency", "Date", "Balance", "From file", "Missing statements"],
        kinds: ["text", "currency", "date", "money", "text", "text"],
        totalRows: balances.latest.length,
        rows: balances.latest.map((b) => [
          b.account ?? NO_ACCOUNT,
          b.currency,
          b.date,
          b.balance,
          b.sourceFile,
          balances.gaps.filter((g) => g.account === b.account && g.currency === b.currency).map(gapPhrase).join("; ") || null,
        ]),
      });
    }
    if (imports.length) {
      tables.push({
        title: `Latest ${formatCount(imports.length)} imports`,
        columns: ["Imported at", "File", "Rows"],
        kinds: ["text", "text", "count"],
        totalRows: imports.length,
        rows: imports.map((r) => [String(r.imported_at), String(r.filename), Number(r.row_count)]),
      });
    }
    return {
      summary: [
        head,
        list.length ? `Coverage ${scope}${accounts ? " per account and currency" : " per currency"}: ${list.map(line).join("; ")}.` : `No transactions ${scope}.`,
        balances.latest.length
          ? `Last verified balance${balances.latest.length > 1 ? "s" : ""}: ${balances.latest.map((b) => `${b.account ?? NO_ACCOUNT} ${formatMoney(b.balance, b.currency)} on ${b.date} (${b.sourceFile})${b.account === null ? noAccountBalance(b) : ""}`).join("; ")}.`
          : "",
        balances.gaps.length
          ? `Missing statement${balances.gaps.length > 1 ? "s" : ""}: ${balances.gaps.map((g) => `${g.account ?? NO_ACCOUNT} ${g.currency} ${gapPhrase(g)}`).join("; ")}.`
          : "",
        balances.overlaps.length
          ? `Overlapping statements: ${balances.overlaps
              .map((o) => `${o.account} ${o.currency}: ${o.file} opens on ${o.opens} (${formatMoney(o.opening, o.currency)}), before ${o.previous} closed on ${o.closes} (${formatMoney(o.closing, o.currency)})`)
              .join("; ")}; their balances cannot be chained, so no statement between them can be said to be missing.`
          : "",
        importLine,
      ]
        .filter(Boolean)
        .join(" "),
      charts: [],
      tables,
    };
  },
};

/**
 * What a balance of a statement that names no account is (impl8: "(no account) CHF 635.06" read as one account's balance,
 * though three banks' files without an IBAN had been imported): that file's own closing, no account's; the other
 * statements without an account in its currency are named, not chained to it.
 */
function noAccountBalance(b: LatestBalance): string {
  const others = b.unchained ?? [];
  const rest = others.length ? `, and the ${plural(others.length, `other ${b.currency} statement`)} without an account (${others.join(", ")}) ${others.length === 1 ? "is" : "are"} not chained to it` : "";
  return `, the closing balance of that statement alone: it names no account, so it is the balance of no account you named${rest}`;
}

type ImportRow = { filename: unknown; row_count: unknown; imported_at: unknown };

/** The newest imports the pipeline (or budget-chat's import) logged; none when there is no import_log. */
function latestImports(db: BudgetDb): ImportRow[] {
  const cols = new Set(db.all<{ name: string }>("SELECT name FROM pragma_table_info('import_log')").map((c) => c.name));
  if (!["id", "filename", "row_count", "imported_at"].every((c) => cols.has(c))) return [];
  return db.all<ImportRow>(`SELECT filename, row_count, imported_at FROM import_log ORDER BY imported_at DESC, id DESC LIMIT ${IMPORTS}`);
}
