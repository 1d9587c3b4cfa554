/**
 * Whether a figure's link opens what it promises (SPEC §11.1 drill-down), judged through the Transactions page's own query
 * code: bench/figure-links.ts (the answers of the figure-check sets) and bench/figure-links-probe.ts (every read tool's
 * results copied into answers) judge alike.
 */
import type { ToolOutput } from "../../src/core/events.ts";
import type { AnswerFigure, FigureSource } from "../../src/core/figures.ts";
import { UNKNOWN_MERCHANT } from "../../src/ledger/schema.ts";
import type { BudgetDb } from "../../src/ledger/reader.ts";
import { readFigures } from "../../src/figures/read.ts";
import { rowsHref, type FigureRowsLink } from "../../src/transactions/link.ts";
import { transactionsPage, type TransactionPage } from "../../src/transactions/listing.ts";
import { parseTransactionQuery } from "../../src/transactions/query.ts";

/** What a link promises: a value, of a kind, in a currency ("" for any), its rows' measure, and which figure of which tool it stands for. */
export type Promise = { value: number; kind: string; currency: string; measure: "out" | "in" | "net"; tool: string; what: string; where: string };

const kindOf = (s: FigureSource) => readFigures(s.text, { counts: "bare" })[0];

/** The measure of a source's rows: money out or in when its rows are of one direction, else their net. */
const measureOf = (sources: readonly FigureSource[]): Promise["measure"] => {
  const d = new Set(sources.map((s) => s.rows?.direction));
  return d.size === 1 && d.has("out") ? "out" : d.size === 1 && d.has("in") ? "in" : "net";
};

/** What the rows of a link must total: its term's value, or the figure's as its sources give it (a sum: its terms added up). */
function promised(f: AnswerFigure, link: FigureRowsLink): Promise | null {
  const backed = f.correction ?? f;
  const sources = backed.sources;
  const of = (s: FigureSource, what: string, value = s.value, all = [s]): Promise => {
    const r = kindOf(s);
    return { value, kind: r?.kind ?? "?", currency: r?.currency ?? "", measure: measureOf(all), tool: [...new Set(all.map((x) => x.tool))].join("+"), what, where: all.map((x) => x.where).join(" + ") };
  };
  if (link.of === "term") {
    const s = sources.find((x) => x.rows && rowsHref(x.rows) === link.href);
    return s ? of(s, `term of ${backed.operation ?? backed.status}`) : null;
  }
  if (backed.status === "grounded") {
    const s = sources.find((x) => x.rows);
    return s ? of(s, "grounded") : null;
  }
  // A derived figure's own link is a sum's only (src/transactions/link.ts): any other is a promise nothing backs.
  if (backed.operation !== "sum") return null;
  return of(sources[0]!, "derived sum", sources.reduce((a, s) => a + s.value, 0), sources);
}

/** Whether the rows total what the link promises; the rows' totals in words either way. */
function totalsMatch(page: TransactionPage, p: Promise, linkCurrency: string | null): { ok: boolean; rows: string } {
  const words = page.totals.map((t) => `${t.currency} ${t.rows} rows, out ${t.out.toFixed(2)}, in ${t.in.toFixed(2)}, net ${t.net.toFixed(2)}`).join("; ") || "no rows";
  if (p.kind === "count") return { ok: page.totalRows === Math.round(p.value), rows: words };
  if (p.kind !== "money") return { ok: false, rows: `a ${p.kind}'s link (no total): ${words}` };
  const currency = p.currency || linkCurrency || (page.totals.length === 1 ? page.totals[0]!.currency : "");
  // No rows of that currency total nothing (a month with no payments: CHF 0.00).
  const t = page.totals.find((x) => x.currency === currency) ?? { out: 0, in: 0, net: 0 };
  const want = Math.abs(p.value);
  return { ok: Math.abs(Math.abs(t[p.measure]) - want) < 0.005 + 1e-9 * want, rows: `${p.measure}: ${words}` };
}

/**
 * Whether each transaction a link names by id is a row its figure's calls listed: the one row its set opens, shown by a
 * table row of those calls (its Date, Merchant, Category and Amount cells) or a summary line (its day, merchant and category).
 */
function listedRowsMatch(db: BudgetDb, f: AnswerFigure, link: FigureRowsLink, outputs: ReadonlyMap<string, ToolOutput>): { ok: boolean; rows: string } | null {
  const sets = parseTransactionQuery(new URL(link.href, "http://x").searchParams).any?.filter((a) => a.id !== undefined) ?? [];
  if (!sets.length) return null;
  const calls = (f.correction ?? f).sources.map((s) => outputs.get(s.callId)).filter((o) => o !== undefined);
  for (const set of sets) {
    const rows = transactionsPage(db, { any: [set], sort: "date", page: 1 }).rows;
    if (rows.length !== 1) return { ok: false, rows: `${rows.length} rows for transaction ${set.id}` };
    const r = rows[0]!;
    const merchant = r.merchant ?? UNKNOWN_MERCHANT;
    const cents = (x: unknown) => (typeof x === "number" ? Math.round(Math.abs(x) * 100) : NaN);
    const inTable = calls.some((o) =>
      (o.tables ?? []).some((t) => {
        const col = (name: string) => t.columns.findIndex((c) => c.toLowerCase() === name);
        const [d, m, c, a] = ["date", "merchant", "category", "amount"].map(col);
        return d! >= 0 && m! >= 0 && c! >= 0 && a! >= 0 && t.rows.some((row) => row[d!] === r.date && row[m!] === merchant && row[c!] === r.category && cents(row[a!]) === cents(r.amount));
      }),
    );
    // A listing's line: its day first, its merchant and category on it; a recurring series' one-off: its day on its series' line, which names the payee.
    const inSummary = calls.some((o) =>
      o.summary.split(/; |\. /).some((line) => (line.startsWith(`${r.date} `) && line.includes(merchant) && line.includes(r.category)) || (line.startsWith(`${merchant} (`) && line.includes(`one-offs inside the series`) && line.includes(`${r.date} `))),
    );
    if (!inTable && !inSummary) return { ok: false, rows: `transaction ${r.id} (${r.date} ${r.amount} ${merchant} [${r.category}]) is no row its call listed` };
  }
  return { ok: true, rows: `${sets.length} listed transaction(s)` };
}

/** A link's verdict: whether its rows total what it promises, in words. */
export function judge(db: BudgetDb, f: AnswerFigure, link: FigureRowsLink, outs: ReadonlyMap<string, ToolOutput>) {
  const p = promised(f, link);
  const params = new URL(link.href, "http://x").searchParams;
  let verdict: { ok: boolean; rows: string };
  try {
    verdict = p ? totalsMatch(transactionsPage(db, parseTransactionQuery(params)), p, params.get("currency")) : { ok: false, rows: "no source of the link" };
    // A link naming listed transactions must name the rows the figure's calls listed, whatever they total.
    const listed = verdict.ok ? listedRowsMatch(db, f, link, outs) : null;
    if (listed && !listed.ok) verdict = listed;
  } catch (e) {
    verdict = { ok: false, rows: `refused: ${(e as Error).message}` };
  }
  return { link, p, verdict };
}


/** The judged links, by tool and kind (`key`): how many, how many right, and the wrong ones in words. */
export class LinkTally {
  checked = 0;
  right = 0;
  private readonly linksBy = new Map<string, number>();
  private readonly wrong = new Map<string, string[]>();

  /** The kind of a judged link: its promise's tool, what it is, its kind (`fallback` when the bench could not read one). */
  static keyOf(p: Promise | null, fallback: string): string {
    return p ? `${p.tool} · ${p.what} · ${p.kind}` : fallback;
  }

  /** Counts one link; a wrong one is kept in words (`words`, only then worked out). Whether it was right. */
  add(key: string, ok: boolean, words: () => string): boolean {
    this.linksBy.set(key, (this.linksBy.get(key) ?? 0) + 1);
    this.checked++;
    if (ok) this.right++;
    else this.wrong.set(key, [...(this.wrong.get(key) ?? []), words()]);
    return ok;
  }

  /** Per kind with wrong links, most first: the kind, "wrong of all" of it, and its first `examples` wrong links (all: Infinity). */
  rows(examples: number): [string, string, string[]][] {
    return [...this.wrong].sort((a, b) => b[1].length - a[1].length).map(([key, list]) => [key, `${list.length} of ${this.linksBy.get(key)}`, list.slice(0, examples)]);
  }

  /** Prints the wrong links per kind (the first `examples` of each); returns the report's rows of the links and its check: no wrong link. */
  report(examples: number): { rows: string[][]; checks: { name: string; target: string; value: string; ok: boolean }[] } {
    const rows = this.rows(examples);
    console.log(rows.map(([k, n, ex]) => `WRONG ${n} · ${k}\n   ${ex.join("\n   ")}`).join("\n"));
    const wrong = this.checked - this.right;
    return {
      rows: [["links checked", String(this.checked)], ["links whose rows total the figure", String(this.right)], ["wrong links", String(wrong)], ...rows.map(([k, n]) => [`wrong · ${k}`, n])],
      checks: [{ name: "wrong links (rows that do not total the figure)", target: "0", value: String(wrong), ok: wrong === 0 }],
    };
  }
}
