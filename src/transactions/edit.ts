/**
 * A user's own edit of a transaction (SPEC §12): its category and/or merchant name, for it
 * alone or for every row of its merchant. No approval card (the user acts directly), but
 * the same write as an approved recategorisation (src/ledger/recategorise.ts editTransactions:
 * manual source, confidence 1.0, the pipeline taught), recorded in chat.db with exactly
 * what it replaced (store.edits) and audited with before/after once budget.db holds it
 * (SPEC §13.1: the write path's settlement). Undo restores it, once.
 */
import { z } from "zod";
import type { BudgetDb } from "../ledger/reader.ts";
import type { BudgetWriter } from "../ledger/write-path.ts";
import { editTransactions, undoTransactionEdit, type ClassificationRow, type Lesson, type RowOrigins } from "../ledger/recategorise.ts";
import { ChangeRefused, ToolInputError, WriteConflictError } from "../core/errors.ts";
import { plural, quote } from "../core/format.ts";
import { CONTROL_CHARS, lazySchema, oneLineError } from "../core/validation.ts";
import type { DataEdit } from "../store/data-edits.ts";
import type { Store } from "../store/store.ts";
import { resolveCategory } from "../ledger/categories.ts";
import { getTransaction } from "./listing.ts";

export const transactionEditSchema = lazySchema(() =>
  z
    .strictObject({
      category: z.string().trim().min(1, "category cannot be empty").max(100, "category has at most 100 characters").optional(),
      merchant_name: z
        .string()
        .trim()
        .min(1, "merchant_name cannot be empty")
        .max(200, "merchant_name has at most 200 characters")
        .refine((s) => !CONTROL_CHARS.test(s), "merchant_name cannot contain control characters")
        .optional(),
      apply_to_merchant: z.boolean("apply_to_merchant must be true or false").default(false),
    })
    .refine((e) => e.category !== undefined || e.merchant_name !== undefined, "give category, merchant_name or both"),
);

export type TransactionEditInput = z.output<ReturnType<typeof transactionEditSchema>>;

/** Who acts and with what: the one write path, the app database, the clock. */
export type EditDeps = { budget: BudgetDb; writer: BudgetWriter; store: Store; now?: () => Date };

/** A refused edit: bad input (`invalid`), no such transaction or edit (`not_found`), nothing to change, already undone or changed since (`conflict`). */
export class EditError extends ChangeRefused {
  override name = "EditError";
}

/** What a transaction edit stores for its undo. */
type Stored = { before: ClassificationRow[]; after: ClassificationRow[]; origins?: RowOrigins; lessons: Lesson[] };

/** Parse a PATCH body; an `invalid` EditError with every problem in words. */
export function parseEdit(body: unknown): TransactionEditInput {
  const parsed = transactionEditSchema().safeParse(body);
  if (!parsed.success) throw new EditError("invalid", invalidEdit(oneLineError(parsed.error)));
  return parsed.data;
}

/** Why an edit's fields were refused, and what to send instead. */
export function invalidEdit(problem: string): string {
  return `Invalid edit: ${problem}; send e.g. {"category": "Dining"} or {"merchant_name": "Migros", "apply_to_merchant": true}`;
}

/**
 * What an edit (or its undo) did. `edit` is the stored record with its id (for Undo), or
 * null in the rare case chat.db was busy when budget.db committed: the write path records
 * it a moment later (retried, or settled by the next reconciliation) and it then appears
 * under "Your recent changes".
 */
export type EditOutcome = { message: string; edit: DataEdit | null; before: ClassificationRow[]; after: ClassificationRow[]; /** The new category as the data spells it (none: only the merchant changed). */ category?: string };

/** What a page adds when chat.db was busy: the change is made, its record (and Undo) follow. */
export const UNDO_LATER = "Its Undo appears under “Your recent changes” in a moment (the app database was busy).";

/**
 * Make the edit. budget.db first; the edit (what it replaced, for undo) and its audit entry
 * are recorded in chat.db only once budget.db holds it (the write path's settlement).
 */
export async function editTransaction(deps: EditDeps, user: { id: string; name: string }, id: number, input: TransactionEditInput, via: "page" | "api" = "page"): Promise<EditOutcome> {
  const row = getTransaction(deps.budget, id);
  if (!row) throw new EditError("not_found", `No transaction with id ${id}.`);
  let category: string | undefined;
  if (input.category !== undefined) {
    try {
      category = resolveCategory(deps.budget, input.category);
    } catch (e) {
      if (e instanceof ToolInputError) throw new EditError("invalid", e.message);
      throw e;
    }
  }
  try {
    const receipt = await editTransactions(
      deps.writer,
      { id, category, merchantName: input.merchant_name, applyToMerchant: input.apply_to_merchant },
      {
        now: deps.now,
        userId: user.id,
        settle: (r) => ({
          edit: {
            kind: "transaction_edit",
            userId: user.id,
            message: describe(r.after.length, category, input.merchant_name),
            input: { id, ...input, ...(category !== undefined ? { category } : {}) },
            before: { rows: r.before, lessons: r.lessons },
            after: { rows: r.after, origins: r.origins },
          },
          audit: [
            {
              kind: "write",
              userId: user.id,
              detail: { change: "transaction_edit", via, by: user.name, transaction: id, rows: r.after.length, before: r.before, after: r.after, merchantKeys: r.lessons.length },
            },
          ],
        }),
      },
    );
    const r = receipt.result;
    return { message: describe(r.after.length, category, input.merchant_name), edit: await deps.store.edits.recordedBy(receipt), before: r.before, after: r.after, category };
  } catch (e) {
    if (e instanceof WriteConflictError) throw new EditError("conflict", `Nothing was changed: ${e.message}.`);
    throw e;
  }
}

/** "Moved 3 transactions to Dining and renamed their merchant to “Migros”." */
function describe(rows: number, category: string | undefined, merchant: string | undefined): string {
  const what = plural(rows, "transaction");
  if (merchant === undefined) return `Moved ${what} to ${category}.`;
  if (category === undefined) return `Renamed the merchant of ${what} to ${quote(merchant, 200)}.`;
  return `Moved ${what} to ${category} and renamed ${rows === 1 ? "its" : "their"} merchant to ${quote(merchant, 200)}.`;
}

/** Undo one of the user's transaction edits, once; an EditError (`not_found`, `conflict`) when it cannot. The edit is marked undone once budget.db holds the undo. */
export async function undoTransactionEditById(deps: EditDeps, user: { id: string; name: string }, editId: number): Promise<{ edit: DataEdit; message: string }> {
  const edit = deps.store.edits.get(user.id, editId);
  if (!edit || edit.kind !== "transaction_edit") throw new EditError("not_found", `No edit ${editId} of yours to undo.`);
  if (edit.undoneAt) throw new EditError("conflict", "This edit was already undone.");
  const before = edit.before as { rows: ClassificationRow[]; lessons: Lesson[] };
  const after = edit.after as { rows: ClassificationRow[]; origins?: RowOrigins };
  const stored: Stored = { before: before.rows, after: after.rows, origins: after.origins, lessons: before.lessons };
  const message = `Undone: ${plural(stored.before.length, "transaction")} ${stored.before.length === 1 ? "is" : "are"} back as before.`;
  try {
    const receipt = await undoTransactionEdit(deps.writer, stored, {
      userId: user.id,
      settle: () => {
        // Under budget.db's write lock: another undo of this edit that got there first is recorded by now (or its rows would conflict).
        if (deps.store.edits.get(user.id, editId)?.undoneAt) throw new WriteConflictError("this edit was already undone");
        return {
          editUndone: { id: edit.id, by: user.name },
          audit: [{ kind: "undo", userId: user.id, detail: { edit: edit.id, change: "transaction_edit", by: user.name, rows: stored.before.length, before: stored.after, after: stored.before } }],
        };
      },
    });
    const now = deps.store.edits.get(user.id, editId)!;
    // Recorded a moment later when chat.db was busy: the answer says what budget.db holds.
    return { edit: receipt.settled ? now : { ...now, undoneAt: now.undoneAt ?? new Date().toISOString(), undoneBy: now.undoneBy ?? user.name }, message };
  } catch (e) {
    if (e instanceof WriteConflictError) throw new EditError("conflict", `Nothing was restored: ${e.message}.`);
    throw e;
  }
}
