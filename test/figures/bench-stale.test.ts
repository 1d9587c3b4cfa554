/**
 * bench/figure-links.ts over a frozen answers file (its results kept as written): a figure whose wrong link comes of an
 * old result is judged by today's figure at its place, whose links the product shows, not dropped unchecked.
 */
import { expect, test } from "bun:test";
import type { AnswerFigure, FigureSource } from "../../src/core/figures.ts";
import { judgedFigure } from "../../bench/figure-check/stale.ts";

const source = (value: number, q: string): FigureSource => ({ tool: "search_transactions", callId: "toolu_0", where: "summary", value, text: String(value), rows: { q } });
const figure = (start: number, status: AnswerFigure["status"], sources: FigureSource[]): AnswerFigure => ({ text: "9", value: 9, start, end: start + 1, status, sources });

test("a frozen file's figure with a wrong link that today's results give otherwise is judged by today's figure at its place", () => {
  const then = figure(40, "grounded", [source(9, "Zuerich")]);
  const now = figure(40, "grounded", [source(9, "Zuerich"), source(9, "Migros")]);
  const other = figure(12, "grounded", [source(11, "Zuerich")]);
  // Today's check found the figure again in another source (its value, other rows): its links are today's.
  expect(judgedFigure(then, { frozen: true, wrong: true, today: () => [other, { ...now, sources: [source(9, "Migros")] }] })).toEqual({ figure: { ...now, sources: [source(9, "Migros")] }, stale: true });
  // Today's check finds nothing at its place: no link to judge.
  expect(judgedFigure(then, { frozen: true, wrong: true, today: () => [other] })).toEqual({ figure: undefined, stale: true });
  // Today's results still give its sources: its wrong link is wrong.
  expect(judgedFigure(then, { frozen: true, wrong: true, today: () => [now] })).toEqual({ figure: then, stale: false });
  // Its links right, or a file kept up to date: its own links, today's check not asked.
  const never = () => {
    throw new Error("today's check asked");
  };
  expect(judgedFigure(then, { frozen: true, wrong: false, today: never })).toEqual({ figure: then, stale: false });
  expect(judgedFigure(then, { frozen: false, wrong: true, today: never })).toEqual({ figure: then, stale: false });
});
