/**
 * Input fields the tools share. Plain JSON-schema friendly (no regexes or date formats:
 * those cost tokens in every request); the checks that need them run in period.ts.
 */
import { z } from "zod";

// Said once per tool (in `from`); these descriptions go out with every tool in every request.
const RELATIVE = 'Relative periods ("last 3 months", "since March"): compute from/to from the current date in the system prompt.';

/** The period and currency arguments every read tool takes (SPEC §2). */
export const periodFields = {
  year: z.number().int().min(1900).max(2200).optional().describe("Calendar year, e.g. 2025."),
  month: z.number().int().min(1).max(12).optional().describe("Month 1-12, with year."),
  from: z.string().max(10).optional().describe(`First day YYYY-MM-DD, inclusive; not with year/month. ${RELATIVE}`),
  to: z.string().max(10).optional().describe("Last day YYYY-MM-DD, inclusive; either end may be open."),
  currency: z
    .string()
    .min(1)
    .max(10)
    .optional()
    .describe("Only this currency, e.g. CHF. Omit for all (each reported apart, never added)."),
  account: z.string().min(1).max(100).optional().describe("Only this account (IBAN, card or name, as the data summary lists them); only when the data has accounts."),
};

export const categoryField = z
  .string()
  .min(1)
  .max(100)
  .describe("Category name as listed in the system prompt (exact, or any letter case when that is unambiguous), e.g. Groceries.");

export const searchField = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe("Text to find in merchant names and bank descriptions: a substring; case, accents and umlaut spellings do not matter (Zürich = Zuerich = Zurich); % and _ are ordinary characters.");

/** Amount and direction filters of the transaction-level tools. */
export const amountFields = {
  min_amount: z.number().min(0).optional().describe("Only transactions of at least this absolute amount, e.g. 100."),
  max_amount: z.number().min(0).optional().describe("Only transactions of at most this absolute amount."),
  direction: z.enum(["out", "in"]).optional().describe('"out": money out (payments); "in": money in (salary, refunds). Omit for both.'),
};
