/**
 * Input fields the tools share. Plain JSON-schema friendly (no regexes or date formats:
 * those cost tokens in every request); the checks that need them run in period.ts.
 */
import { z } from "zod";
import { lazySchema } from "../../core/validation.ts";

// Built at their first use, as the tools' schemas are (core/validation.ts lazySchema): a start-up builds none.
// These go out with (nearly) every tool in every request: what they share is said once, in the system prompt
// (src/agent/prompt.ts: periods, currencies, accounts, category names, search), so each says only what it is.

/** The period and currency arguments every read tool takes (SPEC §2): their names say what they are, the prompt the rest. */
export const periodFields = lazySchema(() => ({
  year: z.number().int().min(1900).max(2200).optional(),
  month: z.number().int().min(1).max(12).optional(),
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
  currency: z.string().min(1).max(10).optional(),
  account: z.string().min(1).max(100).optional(),
}));

/** A category name (each use says what it is for; an array's items say nothing more). */
export const categoryField = lazySchema(() => z.string().min(1).max(100));

/** A text to find in merchant names and bank descriptions (as an array's item: the array says what it is for). */
export const searchText = lazySchema(() => z.string().trim().min(1).max(200));

export const searchField = lazySchema(() => searchText().describe("Text in merchant names or bank descriptions."));

/** Amount and direction filters of the transaction-level tools. */
export const amountFields = lazySchema(() => ({
  min_amount: z.number().min(0).optional().describe("At least this absolute amount."),
  max_amount: z.number().min(0).optional().describe("At most this absolute amount."),
  direction: z.enum(["out", "in"]).optional().describe("out: money out; in: money in. Omit for both."),
}));
