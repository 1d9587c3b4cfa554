/**
 * The names people give their bank accounts ("Household account", "Anna's card"), by the
 * account as the import records it (an IBAN, a card number): pages show the name, or the
 * account masked, never the raw number. Shared by the household like the budgets.
 */
import type { StoreDb } from "./db.ts";

/** The longest account name kept. */
export const MAX_ACCOUNT_NAME = 60;

export class AccountNames {
  constructor(private readonly s: StoreDb) {}

  /** Every named account: account → name. */
  all(): Map<string, string> {
    return new Map(this.s.many("SELECT account, name FROM account_names").map((r) => [r.account as string, r.name as string]));
  }

  /** Name an account (trimmed); an empty name removes it, so the masked number shows again. */
  set(account: string, name: string, by: string): void {
    const clean = name.trim();
    if (!clean) {
      this.s.exec("DELETE FROM account_names WHERE account = ?", account);
      return;
    }
    this.s.exec(
      `INSERT INTO account_names (account, name, updated_at, updated_by) VALUES (?, ?, ?, ?)
       ON CONFLICT (account) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      account,
      clean,
      this.s.iso(),
      by,
    );
  }
}
