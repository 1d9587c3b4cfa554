/**
 * Statement files in, normalised rows out: refusals that come before any reading (images, PDFs,
 * archives, HTML pages, empty files), the text decoded, the format identified from the content
 * (never the file name) by the readers of registry.ts, and the file read. Any failure of a reader
 * reaches the caller as an ImportInputError naming the file (SPEC §13.1: exit 2 / HTTP 400, never
 * a bare parser message).
 */
import { lastDigitsOf } from "../../core/account-labels.ts";
import { ImportInputError } from "../../core/errors.ts";
import { binaryKind, decodeText, excelHtml, looksLikeHtml, looksLikeJson, looksLikeLabelledRecords } from "./decode.ts";
import { distinctAccounts } from "./accounts.ts";
import { FORMATS_IN_WORDS, READERS, readerFor } from "./registry.ts";
import type { StatementReader } from "./reader.ts";
import { judgeFlip } from "./reconcile.ts";
import type { ParsedRow, ReadOptions, Reconciliation, Statement } from "./types.ts";

export * from "./types.ts";
export { IMPORT_FORMATS } from "./registry.ts";

/**
 * How much of a file its format is told from: its first 64 KB, and when its first two lines are longer (a CSV header of
 * many or long columns), as far as their end — up to HEAD_MAX_CHARS, beyond which a line is no header of a statement.
 */
const HEAD_CHARS = 65536;
export const HEAD_MAX_CHARS = 16 * 1024 * 1024;

function headOf(text: string): string {
  const lineEnd = /\r\n?|\n/g;
  lineEnd.lastIndex = Math.max(0, text.search(/\S/));
  let end = 0;
  for (let k = 0; k < 2; k++) {
    const m = lineEnd.exec(text);
    end = m ? m.index + m[0].length : text.length;
    if (!m || end > HEAD_MAX_CHARS) break;
  }
  return text.slice(0, Math.min(Math.max(HEAD_CHARS, end), HEAD_MAX_CHARS));
}

function identify(text: string): StatementReader | null {
  const head = headOf(text).replace(/^\s+/, "");
  if (head === "" || looksLikeHtml(head) || looksLikeJson(head)) return null;
  // Markup no XML or OFX reader claims (a payment order, another bank's format) is no table of columns either.
  if (head.startsWith("<")) return READERS.find((r) => !r.extensions.includes(".csv") && r.identify(head)) ?? null;
  return READERS.find((r) => r.identify(head)) ?? null;
}

/** What a file no reader takes is, as far as can be told: never "a CSV whose columns…" for what is no CSV. */
function unknownKind(head: string): string {
  const t = head.replace(/^\s+/, "");
  const firstLine = t.search(/\r|\n/);
  if (firstLine < 0 ? t.length >= HEAD_MAX_CHARS : firstLine >= HEAD_MAX_CHARS) {
    return `its first line is over ${HEAD_MAX_CHARS / 1024 / 1024} MB long, longer than any statement's header row`;
  }
  if (looksLikeJson(t)) return "this is a JSON export, not a statement format this reads";
  if (t.startsWith("<")) {
    const root = /<(?:[\w.-]+:)?(\w[\w.-]*)[\s/>]/.exec(t.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ""))?.[1];
    const pain = /urn:iso:std:iso:20022:tech:xsd:(pain\.\d{3})/.exec(t)?.[1];
    if (pain) return `this is an ISO 20022 ${pain} payment order, not a statement`;
    return `this XML (root element <${root ?? "?"}>) is no camt.052/053/054 statement`;
  }
  // A statement file of a country's own standard that no reader takes (QA round 4, qa24: "unknown format"): Russia's 1C
  // exchange file. (Belgium's CODA, refused here then, is read: coda.ts.)
  if (/^1CClientBankExchange\b/.test(t)) return "this is a 1C client-bank exchange file (1CClientBankExchange), which is not read (download the statement as MT940 or CSV instead)";
  // Santander UK's text export starts with its "From: … to …" line (santander-txt.ts reads it); without it, the blocks
  // name neither the period nor the account.
  if (looksLikeLabelledRecords(t)) return 'this is a text statement of "Date:", "Description:", "Amount:" records without the "From: DD/MM/YYYY to DD/MM/YYYY" line Santander UK\'s text export starts with, so it cannot be read as it is (download the statement as Quicken QIF or Money OFX instead)';
  return "unknown format";
}

/** The format a file is in (a reader's id), or null. */
export function detectFormat(bytes: Uint8Array): string | null {
  if (binaryKind(bytes)) return null;
  return identify(decodeText(bytes))?.id ?? null;
}

export type ParseOptions = ReadOptions & { format?: string };

const chosenReader = (format: string | undefined) => (format && format !== "auto" ? readerFor(format) : undefined);

/** Why this text is no statement any reader takes (empty, an HTML page, no format known), or null; `detected`: what identify found. */
function textRefusal(text: string, head: string, detected: StatementReader | null, format: string | undefined): string | null {
  // (Not text.trim(): on a 100 MB statement that would copy it whole.)
  if (!/\S/.test(text)) return "the file is empty";
  if (looksLikeHtml(head)) {
    // OTP Bank's (Hungary) "xls" export is such a page: it was refused as "this XML (root element <html>) is no camt…" (qa28).
    if (excelHtml(head)) return "this is a web page written as an Excel .xls file (a table in HTML), not a bank statement export (export the statement as CSV, camt.053 XML, MT940 or OFX instead)";
    return "this is an HTML page (a saved web page?), not a bank statement export";
  }
  if (!chosenReader(format) && !detected) return `${unknownKind(head)}: expected ${FORMATS_IN_WORDS}`;
  return null;
}

/**
 * Why a file is no statement any reader takes, told without reading it (a PDF, an image, a spreadsheet, an archive in
 * the archive, an HTML page, an empty file, text in no known format), or null: the reason parseStatement refuses it with.
 * A ZIP's members with a reason are listed as not read, and the others imported (the CLI, the API and the page alike).
 */
export function notAStatement(bytes: Uint8Array, format?: string): string | null {
  const kind = binaryKind(bytes);
  if (kind) return `this is ${kind}, not a bank statement`;
  // The head is enough to tell (a multi-byte character cut at its end changes nothing of that).
  const text = decodeText(bytes.subarray(0, HEAD_MAX_CHARS));
  const head = headOf(text);
  return textRefusal(text, head, identify(text), format);
}

/** A file of a ZIP that is no statement, with why (notAStatement). */
export type NotRead = { file: string; reason: string };

/**
 * A ZIP's members split into the statements to read and those that are none (a PDF beside the camt files), each with its
 * reason; an archive with no statement in it is bad input.
 */
export function membersToRead<M extends { name: string }>(members: readonly M[], bytesOf: (m: M) => Uint8Array, format?: string): { read: M[]; notRead: NotRead[] } {
  const read: M[] = [];
  const notRead: NotRead[] = [];
  for (const m of members) {
    const reason = notAStatement(bytesOf(m), format);
    if (reason) notRead.push({ file: m.name, reason });
    else read.push(m);
  }
  if (read.length === 0) throw new ImportInputError(`${notRead.map((n) => `${n.file}: ${n.reason}`).join("; ")}; no file in it is a statement, nothing was imported`);
  return { read, notRead };
}

export function parseStatement(bytes: Uint8Array, opts: ParseOptions): Statement {
  const { fileName } = opts;
  const kind = binaryKind(bytes);
  if (kind) throw new ImportInputError(`${fileName}: this is ${kind}, not a bank statement`);
  return parseText(decodeText(bytes), opts);
}

/** The CSV column options a read was given (`--date-column` …, a layout by `--mapping`/the API's `layout`), by their names. */
function csvOptionsGiven(opts: ParseOptions): string[] {
  const flags = Object.entries(opts.mapping ?? {})
    .filter(([, v]) => v !== undefined && v !== "")
    .map(([k]) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  return opts.layout ? [...flags, "--mapping"] : flags;
}

/** Whether the user's flip of every sign is in effect for a file read with this layout (`--flip-signs`, "Flip signs", a layout saved with it). */
function userFlipped(opts: ParseOptions, layout: string | null): boolean {
  const byLayout = [opts.layout, ...(opts.userLayouts ?? [])].find((l) => l !== undefined && l.id === layout)?.flipSigns === true;
  return (opts.flipSigns === true) !== byLayout;
}

/** The reconciliations of the file read without any flip of the user's (the rows let go), or null when it cannot be read so. */
function readUnflipped(reader: StatementReader, text: string, opts: ParseOptions): Reconciliation[] | null {
  const unflip = <L extends { flipSigns?: boolean }>(l: L): L => ({ ...l, flipSigns: false });
  try {
    return reader.read(text, { ...opts, flipSigns: false, ...(opts.layout ? { layout: unflip(opts.layout) } : {}), ...(opts.userLayouts ? { userLayouts: opts.userLayouts.map(unflip) } : {}), sink: { add() {} } }).reconciliation;
  } catch {
    return null;
  }
}

/** The same, for text already decoded (the parse worker decodes while it reads). */
export function parseText(text: string, opts: ParseOptions): Statement {
  const { fileName } = opts;
  const head = headOf(text);
  const detected = /\S/.test(text) ? identify(text) : null;
  const refusal = textRefusal(text, head, detected, opts.format);
  if (refusal) throw new ImportInputError(`${fileName}: ${refusal}`);
  const reader = chosenReader(opts.format) ?? detected!;
  // A format chosen for a file that is plainly another one: said so, rather than read into nothing (a camt.053 read as
  // a CSV had no rows, exit 0) or described as what it is not. A CSV chosen as another bank's CSV is that reader's to judge.
  const csvKind = (r: StatementReader) => r.extensions.includes(".csv");
  if (detected && detected !== reader && !(csvKind(detected) && csvKind(reader)) && !reader.identify(head.replace(/^\s+/, ""))) {
    throw new ImportInputError(`${fileName}: the file is ${detected.name}, not the format chosen (${reader.name})`);
  }
  // Column options name a CSV's columns: given for a file whose format fixes its fields, they would be ignored unseen.
  const csvOptions = csvKind(reader) ? [] : csvOptionsGiven(opts);
  if (csvOptions.length > 0) {
    throw new ImportInputError(`${fileName}: the file is ${reader.name}, not a CSV: ${csvOptions.join(", ")} ${csvOptions.length === 1 ? "is an option" : "are options"} for CSV files only and cannot apply to it; import it without ${csvOptions.length === 1 ? "that option" : "those options"}`);
  }
  const override = opts.accountOverride?.trim();
  // Rows handed on as they are read take the override on their way.
  const target = opts.sink;
  // (Their ids take the account given too, as before any column of the own account was read: no idAccount.)
  const sink = override && target ? { add: (r: ParsedRow) => target.add({ ...r, account: override, idAccount: undefined }) } : target;
  let s: Statement;
  try {
    s = reader.read(text, { ...opts, sink });
  } catch (e) {
    if (e instanceof ImportInputError) throw e;
    // A reader's own mistake or the engine's limit (a stack, a range): still the file's problem to the user, named.
    throw new ImportInputError(`${fileName}: the ${reader.label} reader could not read this file (${(e as Error).message ?? e})`);
  }
  if (userFlipped(opts, s.layout)) s.reconciliation = judgeFlip(s.reconciliation, s.reconciliation.some((r) => r.status === "off") ? readUnflipped(reader, text, opts) : null, s.notes);
  // One account for every row of a file that names several would add their money up as one account's, their balances
  // stored under one name: refused, naming them (each account's rows go to it without it), in words that name
  // no flag: the account came from the CLI's --account, the page's field or the API's form field alike.
  // (One account written two ways, its IBAN and its bank code and number, counts once.) A file whose accounts were read
  // since its rows were imported under one name given for them all (ColumnPlan.accountNotInIds "none": Money Manager's,
  // Morgan Stanley's) says what becomes of those rows (duplicates.ts: held back, not stored twice).
  const accounts = override && s.accounts ? distinctAccounts(s.accounts) : [];
  if (accounts.length > 1) {
    const before = s.columns?.accountNotInIds === "none" ? "; its rows imported before under one name come back as possible duplicates of those, not added again" : "";
    throw new ImportInputError(
      `${fileName}: the file holds ${accounts.length} accounts (${accounts.join(", ")}), and the account "${override}" given for every row would put them all into one; nothing was imported: import it without naming an account, and each account's rows go to its own account${before}`,
    );
  }
  if (override) {
    // A file naming one account of its own, booked to another name given for it: said (uqa5: a PostFinance camt.053
    // imported beside a French bank's CSV with `--account "Compte joint"` had its CHF rows and checked balances stored
    // under that name, unsaid). A name given on purpose (the page's Account field) reads as its confirmation.
    // Whatever the reader: a CSV layout naming its one account fills s.account only (accounts is for several).
    const own = accounts.length ? accounts : s.account ? [s.account] : [];
    if (own.length === 1 && distinctAccounts([own[0]!, override]).length > 1) {
      s.notes.push(`the file names the account ${lastDigitsOf(own[0]!)}: its rows are booked to “${override}”, the account given for them`);
    }
    s.account = override;
    s.rows.setAccount(override);
    for (const r of s.reconciliation) r.account = override;
  }
  return s;
}
