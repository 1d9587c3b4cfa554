/**
 * 12b. The figures' links measured (SPEC §11.1 drill-down): every answer of the figure-check
 * benchmark's tuning set is checked as bench/figure-check.ts checks it, and every link its figures
 * carry (src/transactions/link.ts figureRowsLinks, what the page, the JSON API and the export show)
 * is opened against the same database through the Transactions page's own query code
 * (parseTransactionQuery, transactionsPage). A link is right when its rows total what it promises:
 * - a link to the rows of a figure (`of: "figure"`): the figure's value as its sources give it — a
 *   grounded figure's source with rows, a sum's terms added up, a mean or an average worked out from
 *   its terms (a link of an average promises rows whose total is that average; see notes);
 * - a link to one term's rows (`of: "term"`, a difference's or a ratio's parts): that term's value.
 * Counts are compared with the rows' number, amounts with the rows' money out, money in or net
 * (its size) in the amount's currency, to the cent. A percentage's link (the rows of its numerator)
 * has no total to compare: counted apart, not checked. A link the page refuses is wrong.
 *
 *   bun bench/figure-links.ts             links checked, links right, wrong links per tool and kind (3 examples each)
 *   bun bench/figure-links.ts --verbose   every wrong link
 *   bun bench/figure-links.ts --right     … and every right one (to compare two versions of the links)
 *   bun bench/figure-links.ts --held-out  … the answers of the held-out set too (links are no part of the checker's
 *                                         scoring: a measure of rules written on the tuning set, on answers they were not)
 */
import type { AnswerFigure, FigureSource } from "../src/core/figures.ts";
import type { BudgetDb } from "../src/ledger/reader.ts";
import { readFigures } from "../src/figures/read.ts";
import { figureRowsLinks, rowsHref, type FigureRowsLink } from "../src/transactions/link.ts";
import { transactionsPage, type TransactionPage } from "../src/transactions/listing.ts";
import { parseTransactionQuery } from "../src/transactions/query.ts";
import { emit, timer } from "./lib.ts";
import { readAllCases } from "./figure-check/cases.ts";
import { openDbs } from "./figure-check/capture.ts";
import { turnsOver } from "./figure-check/turn.ts";

const elapsed = timer();
const verbose = process.argv.includes("--verbose");
const listRight = process.argv.includes("--right");
const heldOut = process.argv.includes("--held-out");

/** What a link promises: a value, of a kind, in a currency ("" for any), and which figure of which tool it stands for. */
type Promise = { value: number; kind: string; currency: string; tool: string; what: string; where: string };

const kindOf = (s: FigureSource) => readFigures(s.text, { counts: "bare" })[0];

/** What the rows of a link must total: its term's value, or the figure's as its sources give it. */
function promised(f: AnswerFigure, link: FigureRowsLink): Promise | null {
  const backed = f.correction ?? f;
  const sources = backed.sources;
  if (link.of === "term") {
    const s = sources.find((x) => x.rows && rowsHref(x.rows) === link.href);
    if (!s) return null;
    const r = kindOf(s);
    return { value: s.value, kind: r?.kind ?? "?", currency: r?.currency ?? "", tool: s.tool, what: `term of ${backed.operation ?? backed.status}`, where: s.where };
  }
  if (backed.status === "grounded") {
    const s = sources.find((x) => x.rows);
    if (!s) return null;
    const r = kindOf(s);
    return { value: s.value, kind: r?.kind ?? "?", currency: r?.currency ?? "", tool: s.tool, what: "grounded", where: s.where };
  }
  const r = kindOf(sources[0]!);
  const sum = sources.reduce((a, s) => a + s.value, 0);
  const op = "operation" in backed ? backed.operation : undefined;
  const f0 = sources[0]!.value;
  const value =
    op === "sum" ? sum : op === "mean" ? sum / sources.length : op === "monthly_average" && f.months ? f0 / f.months : op === "average" && f.divisor ? f0 / f.divisor : backed.value;
  return { value, kind: r?.kind ?? "?", currency: r?.currency ?? "", tool: [...new Set(sources.map((s) => s.tool))].join("+"), what: `derived ${op ?? "?"}`, where: sources.map((s) => s.where).join(" + ") };
}

/** Whether the rows total what the link promises; the rows' totals in words either way. */
function totalsMatch(page: TransactionPage, p: Promise, linkCurrency: string | null): { ok: boolean; rows: string } {
  const words = page.totals.map((t) => `${t.currency} ${t.rows} rows, out ${t.out.toFixed(2)}, in ${t.in.toFixed(2)}, net ${t.net.toFixed(2)}`).join("; ") || "no rows";
  if (p.kind === "count") return { ok: page.totalRows === Math.round(p.value), rows: words };
  const currency = p.currency || linkCurrency || (page.totals.length === 1 ? page.totals[0]!.currency : "");
  // No rows of that currency total nothing (a month with no payments: CHF 0.00).
  const t = page.totals.find((x) => x.currency === currency) ?? { out: 0, in: 0, net: 0 };
  const want = Math.abs(p.value);
  const near = (x: number) => Math.abs(Math.abs(x) - want) < 0.005 + 1e-9 * want;
  return { ok: near(t.out) || near(t.in) || near(t.net), rows: words };
}

const { dbs, close } = openDbs();
const turnOf = turnsOver(dbs);
let checked = 0;
let right = 0;
let percents = 0;
let figuresWithLinks = 0;
const wrong = new Map<string, string[]>();
const linksBy = new Map<string, number>();
try {
  for (const c of readAllCases()) {
    if (c.set !== "tuning" && !heldOut) continue;
    const db: BudgetDb = dbs[c.db];
    for (const f of turnOf(c).check(c.answer, c.question)) {
      const links = figureRowsLinks(f);
      if (links.length) figuresWithLinks++;
      for (const link of links) {
        const p = promised(f, link);
        const key = p ? `${p.tool} · ${p.what} · ${p.kind}` : `? · ${f.status}`;
        linksBy.set(key, (linksBy.get(key) ?? 0) + 1);
        if (p && p.kind !== "money" && p.kind !== "count") {
          percents++;
          continue;
        }
        checked++;
        const params = new URL(link.href, "http://x").searchParams;
        let verdict: { ok: boolean; rows: string };
        try {
          verdict = p ? totalsMatch(transactionsPage(db, parseTransactionQuery(params)), p, params.get("currency")) : { ok: false, rows: "no source of the link" };
        } catch (e) {
          verdict = { ok: false, rows: `refused: ${(e as Error).message}` };
        }
        if (verdict.ok) {
          right++;
          if (listRight) console.log(`RIGHT ${c.id} "${f.text}" @${f.start} ${p!.where} → ${decodeURIComponent(link.href)}`);
        }
        else {
          const list = wrong.get(key) ?? [];
          list.push(`${c.id} "${f.text}" (${p ? `promises ${p.value}, ${p.where}` : "?"}) → ${decodeURIComponent(link.href)} → ${verdict.rows}`);
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
    "right: the rows' count (a count) or money out, in or net (an amount, its currency) equals what the link promises, to the cent",
  ],
  columns: ["what", "links"],
  rows: [
    ["figures with a link", String(figuresWithLinks)],
    ["links of percentages (not checked: no total to compare)", String(percents)],
    ["links checked", String(checked)],
    ["links whose rows total the figure", String(right)],
    ["wrong links", String(wrongCount)],
    ...rows.map(([k, n]) => [`wrong · ${k}`, n!]),
  ],
  checks: [{ name: "wrong links (rows that do not total the figure)", target: "0", value: String(wrongCount), ok: wrongCount === 0 }],
  notes: [],
  seconds: elapsed(),
});
