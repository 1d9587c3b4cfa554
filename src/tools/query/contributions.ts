/**
 * Household contributions (SPEC §1, round 4): money a partner or housemate pays into a shared
 * account is a Transfer by category but income for the household. The user names the
 * counterparty once (the Settings page, `budget-chat accounts contribution add`); a row is
 * theirs when its merchant or description contains that name, folded like search.
 */
import type { Ledger } from "../../ledger/ledger.ts";
import type { ToolContext } from "../types.ts";

export type Contributors = {
  /** The counterparties as the user named them. */
  names: string[];
  /** The index in `names` of the counterparty row i comes from, or -1. */
  of(i: number): number;
};

export function contributorsOf(l: Ledger, ctx: ToolContext | undefined): Contributors {
  const names = ctx?.contributions?.counterparties() ?? [];
  if (!names.length) return { names, of: () => -1 };
  const matches = names.map((n) => l.textMatch(n));
  return { names, of: (i) => matches.findIndex((m) => l.rowMatches(m, i)) };
}
