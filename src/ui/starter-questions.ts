/**
 * Starter questions that fit the user's own data (issue 36): an empty chat on real data
 * asks about its own last full month, its largest spending categories and, with several
 * accounts, its largest account — never about a year or a category the data does not have.
 */
import { daysInMonth, monthKey, monthLabel } from "../ledger/calendar.ts";
import type { BudgetDb } from "../ledger/reader.ts";
import { formatMonth } from "../core/format.ts";

/**
 * Up to four questions from the data: its latest month with data through to the month's
 * end ("Where did my money go in October 2026?"), the largest spending category's trend
 * and the second's merchants (spending in the main currency over the whole data), then
 * the account with most rows when there are several (`accountName` gives it the name
 * people know it by), else that month against the one before. No transactions: none.
 */
export function starterQuestionsFor(db: BudgetDb, accountName: (account: string) => string): string[] {
  // A page must not wait on another program's lock on budget.db: the data as last read will do.
  const l = db.ledgerOrLast();
  if (l.lastDay === null || l.firstDay === null) return [];
  // The last month the data covers to its end (else the month it stops in, when that is all there is).
  const lastMonth = monthKey(l.lastDay);
  const y = Math.floor(l.lastDay / 10000);
  const m = Math.floor(l.lastDay / 100) % 100;
  const complete = l.lastDay % 100 === daysInMonth(y, m) || lastMonth - 1 < monthKey(l.firstDay) ? lastMonth : lastMonth - 1;
  const month = formatMonth(monthLabel(complete));
  const questions = [`Where did my money go in ${month}?`];

  const main = l.currencyIndex(db.summaryOrLast().currency);
  const spent = new Float64Array(l.categoryNames.length);
  for (let i = 0; i < l.size; i++) if (l.currency[i] === main) spent[l.category[i]!]! -= l.amount[i]!;
  const top = [...spent]
    .map((total, c) => ({ name: l.categoryNames[c]!, total }))
    .filter((c) => c.total > 0 && db.roleOf(c.name) === "spending")
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  if (top[0]) questions.push(`How did my ${top[0].name} spending develop month by month?`);
  if (top[1]) questions.push(`Where do I spend most on ${top[1].name}?`);

  const accounts = db.summaryOrLast().accounts;
  if (accounts.length > 1) questions.push(`How much went out of ${accountName(accounts[0]!.account)} in ${month}?`);
  else if (complete - 1 >= monthKey(l.firstDay)) questions.push(`How does ${month} compare with ${formatMonth(monthLabel(complete - 1))}?`);
  return questions;
}
