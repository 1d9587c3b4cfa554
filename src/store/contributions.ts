/**
 * Household contributions (SPEC §1, round 4): the counterparties whose money IN counts as
 * income for the whole household (a partner or housemate paying into a shared account),
 * though their rows stay Transfers. Set on the Settings page or with `budget-chat accounts
 * contribution add|remove|list`; read by income_vs_spending (and the system prompt). Every
 * change is audited (kind "write") with who made it and how: { contribution, action, via, by }.
 */
import { ChangeRefused } from "../core/errors.ts";
import type { AuditLog } from "./audit-log.ts";
import { type Row, type StoreDb } from "./db.ts";
import { foldPlain } from "../core/search-text.ts";

export type Contribution = { counterparty: string; createdAt: string; createdBy: string };

/** Who changed the list, and from where. */
export type ContributionActor = { via: "page" | "cli" | "api"; by: string; userId?: string | null };

/** The longest counterparty name accepted. */
const MAX_NAME = 100;

export class Contributions {
  constructor(
    private readonly s: StoreDb,
    private readonly audit: AuditLog,
  ) {}

  /** Every contributing counterparty, by name. */
  list(): Contribution[] {
    return this.s.many("SELECT * FROM household_contributions ORDER BY counterparty").map(toContribution);
  }

  /** The names only (what the tools match on). */
  counterparties(): string[] {
    return this.list().map((c) => c.counterparty);
  }

  /**
   * Mark a counterparty; the name is trimmed and must have at least 2 letters or digits.
   * `added` is false when it was marked already (in any spelling that folds alike).
   */
  add(name: string, actor: ContributionActor): { counterparty: string; added: boolean } {
    const counterparty = cleanName(name);
    return this.s.transaction(() => {
      const existing = this.s.one("SELECT counterparty FROM household_contributions WHERE folded = ?", foldPlain(counterparty));
      if (existing) return { counterparty: existing.counterparty as string, added: false };
      this.s.exec(
        "INSERT INTO household_contributions (counterparty, folded, created_at, created_by) VALUES (?, ?, ?, ?)",
        counterparty,
        foldPlain(counterparty),
        this.s.iso(),
        actor.by,
      );
      this.audit.add({ kind: "write", userId: actor.userId ?? null, detail: { contribution: counterparty, action: "add", via: actor.via, by: actor.by } });
      return { counterparty, added: true };
    });
  }

  /** Unmark a counterparty (any spelling that folds alike); null when it was not marked. */
  remove(name: string, actor: ContributionActor): string | null {
    return this.s.transaction(() => {
      const row = this.s.one("SELECT counterparty FROM household_contributions WHERE folded = ?", foldPlain(name.trim()));
      if (!row) return null;
      this.s.exec("DELETE FROM household_contributions WHERE counterparty = ?", row.counterparty);
      this.audit.add({ kind: "write", userId: actor.userId ?? null, detail: { contribution: row.counterparty, action: "remove", via: actor.via, by: actor.by } });
      return row.counterparty as string;
    });
  }
}

/** What is wrong with a counterparty name as given, or null. */
export function contributionNameProblem(name: string): string | null {
  const clean = name.trim();
  if ((clean.match(/[\p{L}\p{N}]/gu) ?? []).length < 2) return "the counterparty's name needs at least 2 letters or digits (as it appears in the bank text, e.g. Alex Muster)";
  if (clean.length > MAX_NAME) return `the counterparty's name is too long (at most ${MAX_NAME} characters)`;
  if (/[\p{Cc}\p{Cf}]/u.test(clean)) return "the counterparty's name must not contain control characters";
  return null;
}

/** Thrown for a name that cannot be a counterparty (the message says why): a change refused as `invalid`. */
export class ContributionNameError extends ChangeRefused {
  override name = "ContributionNameError";
  constructor(message: string) {
    super("invalid", message);
  }
}

function cleanName(name: string): string {
  const problem = contributionNameProblem(name);
  if (problem) throw new ContributionNameError(problem);
  return name.trim().replace(/\s+/g, " ");
}

function toContribution(r: Row): Contribution {
  return { counterparty: r.counterparty, createdAt: r.created_at, createdBy: r.created_by };
}
