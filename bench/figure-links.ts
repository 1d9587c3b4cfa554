/**
 * 12b. The figures' links measured (SPEC §11.1 drill-down): every answer of the figure-check
 * benchmark's tuning set is checked as bench/figure-check.ts checks it, and every link its figures
 * carry (src/transactions/link.ts figureRowsLinks, what the page, the JSON API and the export show)
 * is opened against the same database through the Transactions page's own query code
 * (parseTransactionQuery, transactionsPage). A link is right when its rows are what it promises:
 * - a link to the rows of a figure (`of: "figure"`): rows whose total is the figure's value as its
 *   sources give it (a grounded figure's source with rows, a sum's terms added up);
 * - a link to one term's rows (`of: "term"`, an average's, a difference's or a ratio's parts): that term's value;
 * - a transaction of a listing (`any` set with an `id`): exactly one row, which a line or table row of
 *   the figure's own call shows with that day, merchant, category and amount (a recurring series' one-off: its day
 *   on the series' line, which names its payee).
 * Counts are compared with the rows' number; amounts, to the cent in the amount's currency, with the
 * measure the figure's rows promise: money out for a figure of money out (`direction=out`: spending
 * counted without refunds), money in for money in, else the net (a category's spending is net of its
 * refunds, SPEC §1), by its size. A percentage is no total: a link of one is wrong, as is a link the
 * page refuses or a promise the bench cannot read.
 *
 * A frozen answers file (answers.md) keeps the results it was written over: a figure with a wrong link that today's
 * results no longer give (value and rows) is judged by the links of today's figure at its place, which the product shows
 * (bench/figure-check/stale.ts); each such figure is printed.
 *
 *   bun bench/figure-links.ts             links checked, links right, wrong links per tool and kind (3 examples each)
 *   bun bench/figure-links.ts --verbose   every wrong link
 *   bun bench/figure-links.ts --right     … and every right one (to compare two versions of the links)
 *   bun bench/figure-links.ts --held-out  … the answers of the held-out set too (links are no part of the checker's
 *                                         scoring: a measure of rules written on the tuning set, on answers they were not)
 */
import type { ToolOutput } from "../src/core/events.ts";
import type { AnswerFigure, FigureSource } from "../src/core/figures.ts";
import { UNKNOWN_MERCHANT } from "../src/ledger/schema.ts";
import type { BudgetDb } from "../src/ledger/reader.ts";
import { readFigures } from "../src/figures/read.ts";
import { figureRowsLinks, rowsHref, type FigureRowsLink } from "../src/transactions/link.ts";
import { transactionsPage, type TransactionPage } from "../src/transactions/listing.ts";
import { parseTransactionQuery } from "../src/transactions/query.ts";
import { emit, timer } from "./lib.ts";
import { FILES, readAllCases } from "./figure-check/cases.ts";
import { openDbs } from "./figure-check/capture.ts";
import { turnsOver } from "./figure-check/turn.ts";
import { judgedFigure } from "./figure-check/stale.ts";

const elapsed = timer();
const verbose = process.argv.includes("--verbose");
const listRight = process.argv.includes("--right");
const heldOut = process.argv.includes("--held-out");

/** What a link promises: a value, of a kind, in a currency ("" for any), its rows' measure, and which figure of which tool it stands for. */
type Promise = { value: number; kind: string; currency: string; measure: "out" | "in" | "net"; tool: string; what: string; where: string };

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

const { dbs, close } = openDbs();
const outputs = new Map<string, ToolOutput>();
const turnOf = turnsOver(dbs, (id, output) => outputs.set(id, output));
/** The turns of cases over the results the tools give today, for the answers of a frozen file. */
const todayOutputs = new Map<string, ToolOutput>();
const todayTurnOf = turnsOver(dbs, (id, output) => todayOutputs.set(id, output), true);
const frozen = new Set<string>(FILES.filter((f) => f.frozen).map((f) => f.results));
let staleFigures = 0;
let checked = 0;
let right = 0;
let figuresWithLinks = 0;
const wrong = new Map<string, string[]>();
const linksBy = new Map<string, number>();

/** A link's verdict: whether its rows total what it promises, in words. */
function judge(db: BudgetDb, f: AnswerFigure, link: FigureRowsLink, outs: ReadonlyMap<string, ToolOutput>) {
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

try {
  for (const c of readAllCases()) {
    if (c.set !== "tuning" && !heldOut) continue;
    const db: BudgetDb = dbs[c.db];
    let today: AnswerFigure[] | undefined;
    for (const f of turnOf(c).check(c.answer, c.question)) {
      let judged = figureRowsLinks(f).map((link) => judge(db, f, link, outputs));
      const { figure, stale } = judgedFigure(f, { frozen: frozen.has(c.results), wrong: judged.some((j) => !j.verdict.ok), today: () => (today ??= todayTurnOf(c).check(c.answer, c.question)) });
      if (stale) {
        staleFigures++;
        judged = figure ? figureRowsLinks(figure).map((link) => judge(db, figure, link, todayOutputs)) : [];
        console.log(`STALE ${c.id} "${f.text}": today's results of its calls give it otherwise (a frozen capture); judged by today's ${figure ? `${figure.status} figure's ${judged.length} link(s)` : "check, which finds no figure there"}`);
      }
      const shown = figure ?? f;
      if (judged.length) figuresWithLinks++;
      for (const { link, p, verdict } of judged) {
        const key = p ? `${p.tool} · ${p.what} · ${p.kind}` : `? · ${shown.status}`;
        linksBy.set(key, (linksBy.get(key) ?? 0) + 1);
        checked++;
        if (verdict.ok) {
          right++;
          if (listRight) console.log(`RIGHT ${c.id} "${shown.text}" @${shown.start} ${p!.where} → ${decodeURIComponent(link.href)}`);
        } else {
          const list = wrong.get(key) ?? [];
          list.push(`${c.id} "${shown.text}" (${p ? `promises ${p.value}, ${p.where}` : "?"}) → ${decodeURIComponent(link.href)} → ${verdict.rows}`);
          wrong.set(key, list);
        }
      }
    }
  }
} finally {
  close();
}

const rows: string[][] = [];
for (const [key, list] of [...wrong].sort((a, b) => b[1].length - a[1].length)) {
  rows.push([key, `${list.length} of ${linksBy.get(key)}`, (verbose ? list : list.slice(0, 3)).join("\n   ")]);
}
const wrongCount = checked - right;
console.log(rows.map(([k, n, ex]) => `WRONG ${n} · ${k}\n   ${ex}`).join("\n"));
emit({
  id: "figure-links",
  title: "12b. The figures' links: do the rows a link opens total the figure? (SPEC §11.1 drill-down)",
  method: [
    `every answer of bench/figure-check's ${heldOut ? "tuning and held-out sets" : "tuning set"} checked as bench/figure-check.ts does; every link of its figures opened through the Transactions page's query code on the same database`,
    "a frozen file's figure with a wrong link whose value and rows today's results of its calls no longer give is judged by today's figure at its place (its links, which the product shows, checked as any)",
    "right: the rows' count (a count), or their money out, money in or net as the figure's rows promise (an amount, its currency), equals what the link promises, to the cent; a listed transaction's link opens the one row its call listed (day, merchant, category, amount)",
  ],
  columns: ["what", "links"],
  rows: [
    ["figures with a link", String(figuresWithLinks)],
    ["links checked", String(checked)],
    ["frozen figures the tools now give otherwise, judged by today's", String(staleFigures)],
    ["links whose rows total the figure", String(right)],
    ["wrong links", String(wrongCount)],
    ...rows.map(([k, n]) => [`wrong · ${k}`, n!]),
  ],
  checks: [{ name: "wrong links (rows that do not total the figure)", target: "0", value: String(wrongCount), ok: wrongCount === 0 }],
  notes: [],
  seconds: elapsed(),
});
