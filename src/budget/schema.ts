/**
 * What budget-chat needs from a budget database to read it: the columns every tool
 * reads, and how NULLs read (SPEC §1). The pipeline's own DDL is in pipeline.ts.
 */

/** Columns every tool reads. Anything else (source, confidence, …) is optional for reading. */
export const REQUIRED_TRANSACTION_COLUMNS = ["id", "date", "raw_description", "amount", "currency", "merchant_name", "category"] as const;

/** What a NULL category means. */
export const UNCATEGORISED = "Uncategorised";
/** What a NULL merchant is shown as. */
export const UNKNOWN_MERCHANT = "(unknown merchant)";

/** SQL expressions that give NULLs their documented meaning. */
export const MERCHANT_SQL = `COALESCE(merchant_name, '${UNKNOWN_MERCHANT}')`;
/** A row's category as the figures know it, before case-folding: blank or NULL is Uncategorised (compare with COLLATE NOCASE). */
export const CATEGORY_SQL = `COALESCE(NULLIF(TRIM(category), ''), '${UNCATEGORISED}')`;
