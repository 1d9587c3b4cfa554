/**
 * The one shape of a statement reader (SPEC §10.1; the shape of beancount's beangulp importers:
 * identify, then extract). Every format is one module exporting a `StatementReader`, listed once in
 * registry.ts; the CLI's `--format` choices, the page's file picker, the error texts and the
 * README's format table are derived from that list.
 *
 * A reader is pure: text in, a `Statement` out (rows with their line, bad rows and skipped lines
 * with reasons, the reconciliation of the balances the file states). It never touches a database,
 * and it is linear in the file's size (SPEC §13.1): no re-scanning, no re-parenting.
 */
import type { ReadOptions, Statement } from "./types.ts";

export type StatementReader = {
  /** The `--format` value and the `format` of `--json` ("camt", "ofx", …). */
  id: string;
  /** Its name in a sentence: the page's format list and error texts ("camt.052/053/054 XML"). */
  name: string;
  /** Its name in the README's table, with the versions it reads. */
  label: string;
  /** How it is recognised, for the README ("the XML's BkToCstmrStmt/Ntry"). */
  recognisedBy: string;
  /** How its rows get their transaction_id (the README's third column). */
  idRule: string;
  /** File name extensions the page's file picker offers (the format is still decided from the content). */
  extensions: readonly string[];
  /** MIME types the page's file picker offers. */
  mimeTypes?: readonly string[];
  /**
   * Whether this reader reads the file, from the start of its text (`head`: the first 64 KB, or its first two lines when they are longer, leading
   * white space removed). Readers are asked in the registry's order; the first that says yes reads.
   */
  identify(head: string): boolean;
  /** Read the whole text. Bad input throws ImportInputError naming the file and the line or element. */
  read(text: string, opts: ReadOptions): Statement;
};

/**
 * The bookings of a statement (an MT940 message, a camt Stmt) a reader holds to its end at most (up to 10,000), to
 * leave them out when the statement turns out to be a repeat of one earlier in the file: a larger one streams (files
 * of any size), so a repeat of it cannot be left out, and refuses the file instead.
 */
export const HOLD_LIMIT = 10_000;
