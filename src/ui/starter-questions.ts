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
 * people know it by), else that month against the one before. No transactions, or more
 * than a page may look at before the ledger is read (BudgetDb.starterFacts): none.
 */
export function starterQuestionsFor(db: BudgetDb, accountName: (account: string) => string): string[] {
  // Not the ledger: the first page after a start does not wait for it (null: the data is too large to look at now).
  const facts = db.starterFacts();
  if (!facts || facts.lastDay === null || facts.firstDay === null) return [];
  const { firstDay, lastDay, topSpending, accounts } = facts;
  // The last month the data covers to its end (else the month it stops in, when that is all there is).
  const lastMonth = monthKey(lastDay);
  const y = Math.floor(lastDay / 10000);
  const m = Math.floor(lastDay / 100) % 100;
  const complete = lastDay % 100 === daysInMonth(y, m) || lastMonth - 1 < monthKey(firstDay) ? lastMonth : lastMonth - 1;
  const month = formatMonth(monthLabel(complete));
  const questions = [`Where did my money go in ${month}?`];
  if (topSpending[0]) questions.push(`How did my ${topSpending[0]} spending develop month by month?`);
  if (topSpending[1]) questions.push(`Where do I spend most on ${topSpending[1]}?`);
  if (accounts.length > 1) questions.push(`How much went out of ${accountName(accounts[0]!)} in ${month}?`);
  else if (complete - 1 >= monthKey(firstDay)) questions.push(`How does ${month} compare with ${formatMonth(monthLabel(complete - 1))}?`);
  return questions;
}
