/**
 * Statement files in, normalised rows out: the format is detected from the content (never the
 * file name), then read by its reader. Files that are no statement at all are refused here with
 * a message that says what the file is.
 */
import { ImportInputError } from "../../core/errors.ts";
import { parseCamt, looksLikeCamt } from "./camt.ts";
import { looksLikeCsv, parseCsv } from "./csv.ts";
import { binaryKind, decodeText, looksLikeHtml } from "./decode.ts";
import { looksLikeOfx, parseOfx } from "./ofx.ts";
import type { CsvMapping, ImportFormat, ParsedStatement } from "./types.ts";
import { isUbsAccount, isUbsCard, parseUbsAccount, parseUbsCard } from "./ubs.ts";

export * from "./types.ts";

function detectText(text: string): ImportFormat | null {
  const head = text.slice(0, 8192).replace(/^\s+/, "");
  if (head === "" || looksLikeHtml(head)) return null;
  if (looksLikeOfx(head)) return "ofx";
  if (head.startsWith("<")) return looksLikeCamt(head) ? "camt" : null;
  const lines = head.split(/\r\n|\n|\r/, 200);
  if (isUbsCard(lines)) return "ubs-card";
  if (isUbsAccount(lines)) return "ubs-account";
  return looksLikeCsv(text) ? "csv" : null;
}

export function detectFormat(bytes: Uint8Array): ImportFormat | null {
  if (binaryKind(bytes)) return null;
  return detectText(decodeText(bytes));
}

export function parseStatement(
  bytes: Uint8Array,
  opts: { fileName: string; format?: ImportFormat | "auto"; mapping?: CsvMapping; accountOverride?: string },
): ParsedStatement {
  const { fileName } = opts;
  const kind = binaryKind(bytes);
  if (kind) throw new ImportInputError(`${fileName}: this is ${kind}, not a bank statement`);
  const text = decodeText(bytes);
  if (text.trim() === "") throw new ImportInputError(`${fileName}: the file is empty`);
  if (looksLikeHtml(text)) throw new ImportInputError(`${fileName}: this is an HTML page (a saved web page?), not a bank statement export`);
  const format = opts.format && opts.format !== "auto" ? opts.format : detectText(text);
  if (!format) {
    throw new ImportInputError(`${fileName}: unknown format: expected camt.052/053/054 XML, OFX/QFX, a UBS account or card CSV, or a CSV with a header row`);
  }
  const parsed =
    format === "camt" ? parseCamt(text, fileName)
    : format === "ofx" ? parseOfx(text, fileName)
    : format === "ubs-account" ? parseUbsAccount(text, fileName)
    : format === "ubs-card" ? parseUbsCard(text, fileName)
    : parseCsv(text, fileName, opts.mapping);
  const override = opts.accountOverride?.trim();
  if (!override) return parsed;
  return { ...parsed, account: override, rows: parsed.rows.map((r) => ({ ...r, account: override })) };
}
