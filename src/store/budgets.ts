/**
 * Budgets (SPEC §8): a monthly amount per spending category, for the whole household
 * (every user sees and changes the same budgets). Every change is audited (kind "write")
 * with who made it and how: { budget, before, after, currency, via, by }.
 *
 * `set`/`remove` audit the change themselves (the page, the API, the CLI). An approved
 * `set_budget` writes through `write` instead, inside its own transaction, because the
 * approval service records that write and its audit entry there (src/tools/set_budget.ts).
 */
import type { AuditLog } from "./audit-log.ts";
import { type Row, type StoreDb } from "./db.ts";

export type Budget = { category: string; amount: number; currency: string; updatedAt: string; updatedBy: string };

/** A budget as it was or is: null when there was / is none. */
export type BudgetValue = { amount: number; currency: string } | null;

export type BudgetAmountChange = { category: string; before: BudgetValue; after: BudgetValue };

/** Where a change came from, and who made it (a user's name, or "cli"). */
export type BudgetActor = { via: "page" | "cli" | "api" | "approval"; by: string; userId?: string | null };

export class Budgets {
  constructor(
    private readonly s: StoreDb,
    private readonly audit: AuditLog,
  ) {}

  /** Every budget, by category name. */
  list(): Budget[] {
    return this.s.many("SELECT * FROM budgets ORDER BY category").map(toBudget);
  }

  get(category: string): Budget | null {
    const r = this.s.one("SELECT * FROM budgets WHERE category = ?", category);
    return r ? toBudget(r) : null;
  }

  /** Set (or replace) a category's budget and audit it. `amount` must be > 0. */
  set(category: string, amount: number, currency: string, actor: BudgetActor): BudgetAmountChange {
    return this.s.transaction(() => {
      const change = this.write(category, { amount, currency }, actor.by);
      this.record(change, actor);
      return change;
    });
  }

  /** Remove a category's budget and audit it; null when it had none (nothing audited). */
  remove(category: string, actor: BudgetActor): BudgetAmountChange | null {
    return this.s.transaction(() => {
      if (!this.get(category)) return null;
      const change = this.write(category, null, actor.by);
      this.record(change, actor);
      return change;
    });
  }

  /**
   * Put a budget in place (null: none), without auditing: for a caller that records the
   * change itself in the same transaction (an approved set_budget; a budget write's
   * settlement, whose category change is audited as a whole).
   */
  write(category: string, value: BudgetValue, by: string): BudgetAmountChange {
    if (value !== null && !(Number.isFinite(value.amount) && value.amount > 0)) {
      throw new RangeError(`a budget must be a positive amount, got ${value.amount}`);
    }
    return this.s.transaction(() => {
      const old = this.get(category);
      const before: BudgetValue = old ? { amount: old.amount, currency: old.currency } : null;
      if (value === null) this.s.exec("DELETE FROM budgets WHERE category = ?", category);
      else {
        this.s.exec(
          `INSERT INTO budgets (category, amount, currency, updated_at, updated_by) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (category) DO UPDATE SET amount = excluded.amount, currency = excluded.currency,
             updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
          category,
          value.amount,
          value.currency,
          this.s.iso(),
          by,
        );
      }
      return { category, before, after: value };
    });
  }

  /** The audit entry of a change: { budget, before, after, currency, via, by }. */
  private record(change: BudgetAmountChange, actor: BudgetActor): void {
    this.audit.add({ kind: "write", userId: actor.userId ?? null, detail: budgetAuditDetail(change, actor) });
  }
}

/** What a budget change's audit entry says (the approval path adds it to the service's entry). */
export function budgetAuditDetail(change: BudgetAmountChange, actor: Pick<BudgetActor, "via" | "by">): Record<string, unknown> {
  return {
    budget: change.category,
    before: change.before?.amount ?? null,
    after: change.after?.amount ?? null,
    currency: change.after?.currency ?? change.before?.currency ?? null,
    via: actor.via,
    by: actor.by,
  };
}

function toBudget(r: Row): Budget {
  return { category: r.category, amount: r.amount, currency: r.currency, updatedAt: r.updated_at, updatedBy: r.updated_by };
}
