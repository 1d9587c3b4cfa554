/**
 * The `currency` and `account` arguments every read tool takes, as filter fields. The
 * account column comes with imports (SPEC §10): a database without it has no accounts,
 * and an account argument there is an error that says so.
 */
import type { Ledger } from "../../ledger/ledger.ts";
import { ToolInputError } from "../../core/errors.ts";
import { resolveCurrency } from "./currency.ts";

/** The code index of an `account` argument (exact, else trimmed in any letter case), or undefined for every account. */
export function resolveAccount(l: Ledger, name: string | undefined): number | undefined {
  if (name === undefined) return undefined;
  if (!l.hasAccount || l.accounts.length === 0) {
    throw new ToolInputError(`This database records no accounts (they come with imports): omit account.`);
  }
  const exact = l.accounts.indexOf(name);
  if (exact >= 0) return exact;
  const wanted = name.trim().toLowerCase();
  const fits = l.accounts.flatMap((a, k) => (a.trim().toLowerCase() === wanted ? [k] : []));
  if (fits.length === 1) return fits[0];
  throw new ToolInputError(`Unknown account "${name}". Accounts in the data: ${[...l.accounts].sort().join(", ")}.`);
}

/** `{currency, account}` of a tool input, resolved for a Filter. */
export function scopeOf(l: Ledger, input: { currency?: string; account?: string }): { currency?: number; account?: number } {
  return { currency: resolveCurrency(l, input.currency), account: resolveAccount(l, input.account) };
}

/** " in account X" (the data's spelling) for summaries, "" without an account argument. */
export function accountPhrase(l: Ledger, input: { account?: string }): string {
  const k = resolveAccount(l, input.account);
  return k === undefined ? "" : ` in account ${l.accountNameOf(k)}`;
}
