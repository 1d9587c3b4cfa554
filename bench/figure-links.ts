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
import type { AnswerFigure } from "../src/core/figures.ts";
import type { BudgetDb } from "../src/ledger/reader.ts";
import { figureRowsLinks } from "../src/transactions/link.ts";
import { emit, timer } from "./lib.ts";
import { FILES, readAllCases } from "./figure-check/cases.ts";
import { openDbs } from "./figure-check/capture.ts";
import { turnsOver } from "./figure-check/turn.ts";
import { judgedFigure } from "./figure-check/stale.ts";
import { judge, LinkTally } from "./figure-check/link-verdict.ts";

const elapsed = timer();
const verbose = process.argv.includes("--verbose");
const listRight = process.argv.includes("--right");
const heldOut = process.argv.includes("--held-out");

const { dbs, close } = openDbs();
const outputs = new Map<string, ToolOutput>();
const turnOf = turnsOver(dbs, (id, output) => outputs.set(id, output));
/** The turns of cases over the results the tools give today, for the answers of a frozen file. */
const todayOutputs = new Map<string, ToolOutput>();
const todayTurnOf = turnsOver(dbs, (id, output) => todayOutputs.set(id, output), true);
const frozen = new Set<string>(FILES.filter((f) => f.frozen).map((f) => f.results));
let staleFigures = 0;
let figuresWithLinks = 0;
const tally = new LinkTally();

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
        const key = LinkTally.keyOf(p, `? · ${shown.status}`);
        const words = () => `${c.id} "${shown.text}" (${p ? `promises ${p.value}, ${p.where}` : "?"}) → ${decodeURIComponent(link.href)} → ${verdict.rows}`;
        if (tally.add(key, verdict.ok, words) && listRight) console.log(`RIGHT ${c.id} "${shown.text}" @${shown.start} ${p!.where} → ${decodeURIComponent(link.href)}`);
      }
    }
  }
} finally {
  close();
}

const links = tally.report(verbose ? Infinity : 3);
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
    ["frozen figures the tools now give otherwise, judged by today's", String(staleFigures)],
    ...links.rows,
  ],
  checks: links.checks,
  notes: [],
  seconds: elapsed(),
});
