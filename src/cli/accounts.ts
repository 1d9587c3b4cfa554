/**
 * `budget-chat accounts contribution add|remove|list [COUNTERPARTY]` (SPEC §1, household
 * contributions): the counterparties whose money in counts as income for the household (a
 * partner paying into a joint account). The Settings page changes the same list; every change
 * is audited (via "cli").
 */
import { withLocal } from "../app.ts";
import { flagHelp, flagOptions } from "../config.ts";
import { UsageError } from "../core/errors.ts";
import { ContributionNameError } from "../store/contributions.ts";
import { parse } from "./args.ts";

export const ACCOUNTS_HELP = `budget-chat accounts contribution add COUNTERPARTY
budget-chat accounts contribution remove COUNTERPARTY
budget-chat accounts contribution list

Household contributions: money a partner or housemate pays into a shared account is a
transfer by category, but for the household it is income. Mark the counterparty once (as
the bank text names them, e.g. "Alex Muster"; letter case, accents and umlaut spellings do
not matter) and income_vs_spending counts their money in as income, on its own line
("contributions from Alex Muster"), in the savings rate too. Their rows keep their category.
The Settings page (/settings) changes the same list.
  contribution add COUNTERPARTY      mark a counterparty
  contribution remove COUNTERPARTY   unmark it
  contribution list                  the marked counterparties
${flagHelp(["chatDb"])}`;

export async function accountsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, flagOptions(["chatDb"]));
  if (values.help) {
    console.log(ACCOUNTS_HELP);
    return 0;
  }
  const [topic, action, ...rest] = positionals;
  if (topic !== "contribution") {
    throw new UsageError(topic === undefined ? "accounts: missing topic: contribution (see budget-chat accounts --help)" : `accounts: unknown topic "${topic}": contribution`);
  }
  if (!action || !["add", "remove", "list"].includes(action)) {
    throw new UsageError(`accounts contribution: ${action === undefined ? "missing action" : `unknown action "${action}"`}: add, remove or list`);
  }
  if (action === "list" ? rest.length !== 0 : rest.length === 0) {
    throw new UsageError(action === "list" ? "accounts contribution list takes no arguments" : `accounts contribution ${action}: give the COUNTERPARTY, e.g. "Alex Muster"`);
  }
  // Several words are one name: `accounts contribution add Alex Muster` works unquoted.
  const name = rest.join(" ");
  return withLocal(values, ({ store }) => {
    const actor = { via: "cli" as const, by: "cli" };
    if (action === "list") {
      const list = store.contributions.list();
      if (!list.length) console.log("No household contributions. Mark one with: budget-chat accounts contribution add COUNTERPARTY");
      for (const c of list) console.log(`${c.counterparty} (marked ${c.createdAt.slice(0, 10)} by ${c.createdBy})`);
      return 0;
    }
    if (action === "add") {
      let result: { counterparty: string; added: boolean };
      try {
        result = store.contributions.add(name, actor);
      } catch (e) {
        if (e instanceof ContributionNameError) throw new UsageError(`accounts contribution add: ${e.message}`);
        throw e;
      }
      console.log(
        result.added
          ? `${result.counterparty}: money in from them now counts as household income (income_vs_spending, savings rate); their rows keep their category.`
          : `${result.counterparty} is already a household contribution.`,
      );
      return 0;
    }
    const removed = store.contributions.remove(name, actor);
    if (removed === null) {
      const names = store.contributions.counterparties();
      throw new UsageError(`accounts contribution remove: "${name}" is not a household contribution; marked: ${names.length ? names.join(", ") : "none"}`);
    }
    console.log(`${removed}: no longer counted as household income.`);
    return 0;
  });
}
