/**
 * SWIFT MT940 statements and MT942 interim reports (PostFinance, ING, Rabobank, ABN AMRO, Deutsche Bank, Sparkassen,
 * Swiss cantonal banks), read line by line in one pass. A message is `:20:` (reference), `:25:` (account), `:28C:`,
 * `:60F:`/`:60M:` (opening balance: C|D, YYMMDD, currency, amount with a decimal comma), then bookings, each a `:61:`
 * line (value date, optional entry date MMDD, C|D|RC|RD, amount, type, references; an optional second line of
 * details) with its `:86:` text, and `:62F:`/`:62M:` (closing balance); `-` ends it; a SWIFT envelope
 * (`{1:…}{4:`) and ABN AMRO's header lines are passed over. A field continues on the lines after it that start with
 * no `:NN:` tag (banks wrap at 65 characters, mid-word, so a full line is joined as it is; a shorter one ended the
 * text's own line).
 *
 * `:86:` comes in three shapes: German banks' structured form (a three-digit transaction code, then `?00` booking
 * text, `?20`–`?29` and `?60`–`?63` purpose, `?30`/`?31` the other party's bank and account, `?32`/`?33` its name,
 * with SEPA's `EREF+`, `SVWZ+`… inside the purpose), the Dutch banks' `/KEY/value` form (`/NAME/`, `/REMI/`,
 * `/EREF/`, `/IBAN/`, ING's `/CNTP/iban/bic/name/`; SWIFT's `/ORDP/`, `/BENM/`, `/PURP/` as Nordic banks write them), or free text (PostFinance: "… AUFTRAGGEBER: … MITTEILUNGEN: …").
 * raw_description is the other party and the purpose (SPEC §10.1: MT940's `:86:`), else the whole text, with the
 * `:61:`'s second line when it is words (ZKB names the kind of booking and the payee there). A booking with no `:86:`
 * takes the bank's own `:NS:` after it (MultiCash). A file on one line with "@@" for its line ends is read as its lines.
 *
 * Each message's `:60F:`/`:60M:` + its bookings = its `:62F:`/`:62M:` (a statement of several pages, each
 * page its own check). Rows have no bank id of their own (the references repeat, NONREF): the content hash. A
 * statement the file holds twice is booked once; an interim report's bookings of a day a statement books are skipped.
 */
import { ISO_CURRENCIES } from "../../core/validation.ts";
import { ImportInputError } from "../../core/errors.ts";
import { IBAN } from "./accounts.ts";
import { cleanText } from "./clean.ts";
import { addEntry, checkEntries, named, noEntries, startReading, type EntrySum } from "./balance-run.ts";
import { forEachLine } from "./delimited.ts";
import { HOLD_LIMIT, type StatementReader } from "./reader.ts";
import { cents, type StatedBalance } from "./reconcile.ts";
import { isPlaceholderReference, joinCutPieces, joinTexts, oneLine } from "./texts.ts";
import type { ParsedRow, ReadOptions, Statement, TransactionFacts } from "./types.ts";
import { isoDate } from "./values.ts";


/** The width banks wrap fields at: a line this long continues mid-word on the next. */
const WRAP = 65;

/** A field: its tag, its first line's number, its lines (the first without its tag, whose length `tagged` counts). */
type Field = { tag: string; line: number; lines: string[]; tagged: number };

// ":NS:" is a bank's own (non-SWIFT) field (Austrian and Swiss banks, MultiCash): a field of its own, never glued to
// the :86: before it; read only as the text of a booking that has no :86: (ownDetails).
const TAG = /^:(\d{2}[A-Z]?|NS):/;
// Amounts: SWIFT writes a decimal comma; converters (CSV → MT940 tools, some accounting exports) write a point, which
// is read too (a ":61:…D12.50N…" was read as 12, its ".50" taken for the reference). A point and a comma both: no number.
const BALANCE = /^([CD])(\d{2})(\d{2})(\d{2})([A-Z]{3})(\d[\d,.]*)$/;
// The transaction type is N or F and three characters; Triodos pads a two-letter code with a space ("NBA NONREF").
// ASN Bank and Citi write four spaces where the optional entry date goes ("200101    D65,00NOVB…"): no entry date.
const STATEMENT_LINE = /^(\d{2})(\d{2})(\d{2})(\d{4}| {4})?(RC|RD|C|D)([A-Z])?(\d[\d,.]*)([A-Z][A-Z0-9]{2}[A-Z0-9 ])?(.*)$/;

/**
 * The SWIFT envelope's blocks before the text block ("{1:F01…}{2:O940…}{3:{108:MT940}}{4:", a block holding blocks of
 * its own as UBS's {3:} does), and the trailer blocks alone on a line ("{5:{CHK:…}}").
 */
const BLOCK = String.raw`\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}`;
const ENVELOPE_HEAD = new RegExp(`^(?:${BLOCK})*\\{4:`);
const ENVELOPE_TRAILER = new RegExp(`^(?:${BLOCK})+$`);

/**
 * Older German exports (and FinTS clients' saved statements) write the whole file on one line, "@@" where a line ends
 * (":20:STARTUMS@@:25:…@@:61:…"): read as the lines it stands for.
 */
const atAtLines = (text: string) => (text.includes("@@:") && !/[\r\n]/.test(text.slice(0, text.indexOf("@@:"))) ? text.replaceAll("@@", "\n") : text);

/**
 * SOH and ETX, the framing of a message on a SWIFT link; and SUB (Ctrl-Z), the DOS end of file Rabobank's older export
 * writes after its last line (two such files joined: "\x1a:20:…" starts the second): no text.
 */
const FRAMING = /[\x01\x03\x1a]/g;

/** A message's end: "-", "-}", and the trailer after it on the same line: "-{5:…}" or Nordea's "-}{5:{CHK:…}}". */
const MESSAGE_END = /^-\}?\s*(\{.*)?$/;

/** The tags that go on with the message of the booking before them: a "-" line in that booking's text was no end. */
const SAME_MESSAGE = new Set(["61", "86", "62F", "62M", "64", "65", "90D", "90C"]);

/** Zürcher Kantonalbank's markers inside a free-text :86: ("?ZI:?9:1", "?ZKB:12345"): no words of the payment. */
const ZKB_MARKS = /\?Z(?:I:\?\d:\d|KB:\d+)\s*/g;

/** What a `:61:` writes for its reference where it has none of its own: "NONREF", or the kind the :86: names. */
const PLACEHOLDER_REFS = new Set(["NONREF", "EREF", "MARF", "PREF", "KREF", "IREF", "RTRN"]);
/** A reference that names none: those words, or SEPA's "NOTPROVIDED" and the like (texts.ts), which stood as a booking's text. */
const noReference = (ref: string) => PLACEHOLDER_REFS.has(ref) || isPlaceholderReference(ref);
/** SEPA's empty references in a purpose ("EREF+NOTPROVIDED"): no words of it. */
const EMPTY_SEPA_REFERENCE = /(?:EREF|KREF|MREF|CRED)\+NOT ?PROVIDED(?=$|[\s?]|(?:EREF|KREF|MREF|CRED|SVWZ|ABWA|ABWE|DEBT|IBAN|BIC)\+)\s*/g;

const amountOf = (raw: string): number | null => {
  const n = raw.replace(/^0+(?=\d)/, "").replace(",", ".");
  return /^\d+(\.\d*)?$/.test(n) ? Number(n.endsWith(".") ? n.slice(0, -1) : n) : null;
};

/** The field's text: continuation lines joined as they were wrapped (a full line mid-word, a `?NN`/`~NN` subfield as it is). */
function joined(f: Field): string {
  const { lines } = f;
  let out = lines[0] ?? "";
  for (let i = 1; i < lines.length; i++) {
    const before = lines[i - 1]!.length + (i === 1 ? f.tagged : 0);
    out += (before >= WRAP || /^[?>~<]\d{2}/.test(lines[i]!) ? "" : " ") + lines[i];
  }
  return out;
}

/** A structured `:86:`'s subfields by their mark ("?20…", mBank's "~20…", Pekao's "<20…", ">20…" with no code before): made once, not per field. */
const SUBFIELDS = { "?": /\?(\d{2})([^?]*)/g, "~": /~(\d{2})([^~]*)/g, "<": /<(\d{2})([^<]*)/g, "^": /\^(\d{2})([^^]*)/g, ">": />(\d{2})([^>]*)/g };

/**
 * What a booking's text says: the other party, its IBAN, the purpose, a reference, the bank's booking text, and whether
 * that booking text says all the field says in words (`bookingOnly`).
 */
type Details = { party?: string; iban?: string; purpose?: string; reference?: string; booking?: string; bookingOnly?: boolean };

/**
 * The subfields of a structured `:86:` (German "116?00…", Polish "020~00…") that say nothing in words: the booking
 * text (00), the prima nota (10), the other party's bank code and account (30, 31, 38: kept as its IBAN) and a return
 * key (34). A field whose filled subfields are only these is described by its booking text.
 */
const BOOKING_SUBFIELDS = new Set([0, 10, 30, 31, 34, 38]);

/** The width of a structured `:86:`'s subfield: a text longer than one is cut there, mid-word too. */
const SUBFIELD_WIDTH = 27;

/**
 * A structured `:86:`'s subfields as one text (texts.ts joinCutPieces): a full one (27 characters or more) was cut at
 * the width and goes on in the next without a space ("…eBay S" + ".a r.l."); a shorter one ended a line of the text,
 * so a space follows it ("Miete Januar" + "Wohnung 3" was "Miete JanuarWohnung 3").
 */
const joinSubfields = (pieces: string[]) => joinCutPieces(pieces, (piece) => piece.length >= SUBFIELD_WIDTH);

/** The SWIFT narrative's keys read since round 4's pass 12 (the content-hash id's text is read without them: round3Details). */
const LATER_KEYS = new Set(["PURP", "ACCW", "ORDB", "BENB"]);

/** The SWIFT narrative's keys that name no party and no purpose: a booking text with only these says nothing else. */
const REFERENCE_KEYS = new Set(["EREF", "PREF", "MARF", "CSID", "IBAN", "BIC", "ISDT", "SUM", "TRCD", "CHGS", "EXCH", "ORDB", "BENB"]);

/** The subfield numbers of `:86:` (ZKA's and the Polish banks' alike): posting text 00, 10, purpose 20–29 and 60–63, the other party's bank, account and name 30–34, IBAN 38. */
function isSubfieldNumber(n: number): boolean {
  return n === 0 || n === 10 || (n >= 20 && n <= 34) || n === 38 || (n >= 60 && n <= 63);
}

/**
 * `:86:` → the other party, the purpose, the references it names. `round3`: read as the build before pass 12 read it,
 * for the content-hash id's text (no /PURP/ or /ACCW/ narrative, no /ORDP/ or /BENM/ party): a file imported then is
 * still recognised as imported (review of pass 12: SEB's narrative came back as possible duplicates).
 */
function details(text: string, join: (pieces: string[]) => string = joinSubfields, round3 = false, moneyOut = false): Details {
  const t = text.trim();
  // German structured: "166?00GUTSCHR. UEBERWEISUNG?20…?32Name"; Polish banks write the same subfields with "~"
  // (mBank, PKO BP, ING PL: "020~00PRZELEW~20…~32Name~38PL…") or "<" (Pekao), and the other party's IBAN in NN 38.
  // Some Polish banks write the subfields with ">" and no code before them (">20…>31…>32Name", mt940js's sample): read
  // alike (the whole field was the description, marks and all); the content-hash id's text as before (round3).
  // Only a field of several such marks: free text may start with one (">25 EUR Gutschrift", whose ">25" was dropped).
  // BNP Paribas Bank Polska writes them with "^" ("723^00PRZELEW OTRZ ELIXIR ^34000^30…^32Name"; mt9x's test data, QA
  // round 4, qa30: the whole field, marks and all, was the description); the content-hash id's text as before (round3).
  // A Polish bank's "<" subfields with no code before them, each on a line of its own ("<20…", "<21…", "<32Name": a
  // test's copy of ING Bank Śląski's export, qa41's blind pass: the whole field, marks and all, was the description):
  // read alike, several marks too; the content-hash id's text as before (round3).
  const coded = (round3 ? /^\d{3}([?~<])\d{2}/ : /^\d{3}([?~<^])\d{2}/).exec(t);
  // Every mark must name a subfield the format has: free text with its own "<20 EUR … <50 EUR" is no subfields (review
  // of qa41: "<50 EUR bezahlt" was read as subfield 50, which is not read, and its words were lost).
  const uncoded = (mark: ">" | "<") => {
    const marks = [...t.matchAll(new RegExp(`${mark}(\\d{2})`, "g"))].map((m) => Number(m[1]));
    return marks.length < 2 || !marks.every(isSubfieldNumber) ? null : new RegExp(`^(${mark})\\d{2}`).exec(t);
  };
  const structured = coded ?? (round3 ? null : (uncoded(">") ?? uncoded("<")));
  if (structured) {
    const mark = structured[1]!;
    const sub = new Map<number, string>();
    for (const m of t.slice(coded ? 3 : 0).matchAll(SUBFIELDS[mark as keyof typeof SUBFIELDS])) sub.set(Number(m[1]), (sub.get(Number(m[1])) ?? "") + m[2]);
    const pieces = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => sub.get(from + k) ?? "");
    const part = (from: number, to: number) => join(pieces(from, to));
    // SEPA's empty references ("EREF+NOTPROVIDED") are no words of the purpose, which is read as what is left ("EREF+
    // NOTPROVIDED Beitrag Januar" was the purpose, and "NOTPROVIDED Beitrag Januar" the reference); the content-hash
    // id's text is read as before (round3).
    // Polish banks may write the other party's name in 27–29 as well as in 32–33 ("<27JAN NOWAK" "<32JAN NOWAK"): the
    // name once, as the party, not again as words of the purpose (qa41's blind pass).
    const named = mark !== "?" && !round3 && part(27, 29).trim() !== "" && part(27, 29).trim() === part(32, 33).trim();
    const written = join([...pieces(20, named ? 26 : 29), ...pieces(60, 63)]);
    const purpose = round3 ? written : written.replace(EMPTY_SEPA_REFERENCE, "");
    // SEPA keywords inside the purpose: the message proper is SVWZ+ (to the next keyword).
    const keyword = (k: string) => new RegExp(`${k}\\+(.*?)(?=(?:EREF|KREF|MREF|CRED|SVWZ|ABWA|ABWE|DEBT|IBAN|BIC)\\+|$)`).exec(purpose)?.[1]?.trim();
    const svwz = keyword("SVWZ");
    const eref = keyword("EREF");
    const party = (part(32, 33) || undefined)?.trim();
    // Without SVWZ+ the purpose is no message of its own, but a booking that names no party either (a returned
    // transfer: "159?00RETOURE?20EREF+…?21MTLG:Konto erloschen…") keeps its text: it was described by the whole :86:,
    // subfield marks and all. The content-hash id's text is read as before (round3).
    const sepaOnly = /(EREF|KREF|MREF|CRED)\+/.test(purpose) && !(party === undefined && !round3);
    return {
      party,
      iban: sub.get(38)?.replace(/\s+/g, "") || sub.get(31)?.replace(/\s+/g, "") || undefined,
      purpose: (svwz ?? (sepaOnly ? undefined : purpose.trim())) || undefined,
      reference: eref && !isPlaceholderReference(eref) ? eref : undefined,
      booking: sub.get(0)?.trim() || undefined,
      bookingOnly: coded !== null && [...sub].every(([code, value]) => value.trim() === "" || BOOKING_SUBFIELDS.has(code)),
    };
  }
  // Triodos: "000>100000000000>20…>29" (pieces of 27 characters, cut mid-word), ">31" the statement's own account. The
  // pieces are the text; a transfer's are the other party's BIC, IBAN and name.
  if (/^\d{3}>\d{2}/.test(t)) {
    const sub = new Map<number, string>();
    for (const m of t.slice(3).matchAll(/>(\d{2})([^>]*)/g)) sub.set(Number(m[1]), (sub.get(Number(m[1])) ?? "") + m[2]);
    const pieces = Array.from({ length: 10 }, (_, k) => sub.get(20 + k)?.trim() ?? "");
    const transfer = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(pieces[0]!) && /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(pieces[1]!);
    if (transfer) return { party: sub.get(22) === undefined ? undefined : Array.from({ length: 8 }, (_, k) => sub.get(22 + k) ?? "").join("").trim() || undefined, iban: pieces[1] };
    return { purpose: Array.from({ length: 10 }, (_, k) => sub.get(20 + k) ?? "").join("").trim() || undefined };
  }
  // Dutch structured: "/EREF/…//CNTP/iban/bic/name/city//REMI/USTD//text/" or "/TRTP/…/IBAN/…/NAME/…/REMI/…"; SWIFT's
  // structured narrative (Nordic banks): "/PURP/OTHR/REMI/…", "/ORDP/payer/REMI/…" (the party straight after its key);
  // Rabobank's of 2013: "/ACCW/iban,bic/ORDP//NAME/…".
  const keys = (list: string) => list.split("|").filter((k) => !round3 || !LATER_KEYS.has(k)).join("|");
  // (ING's Inside Business Payments export starts a batch's with its kind: "/BUSP/Verzamel Eurobetaling///PREF/…//REMI/…";
  // qa25's blind pass: kept as raw text. Not for the id's text, which read it so.)
  if (new RegExp(`^/(${keys("EREF|TRTP|CNTP|NAME|REMI|ORDP|BENM|PREF|MARF|RTRN|IBAN|PURP|ACCW")}${round3 ? "" : "|BUSP"})/`).test(t)) {
    const KEYS = keys("EREF|TRTP|CNTP|NAME|REMI|ORDP|BENM|PREF|MARF|CSID|IBAN|BIC|ISDT|PURP|RTRN|ULTD|ULTC|ULTB|SUM|TRCD|BUSP|EXCH|CHGS|ADDR|ACCW|ORDB|BENB");
    const fields = new Map<string, string>();
    const re = new RegExp(`/(${KEYS})/`, "g");
    const hits = [...t.matchAll(re)];
    hits.forEach((h, k) => {
      const from = h.index! + h[0].length;
      const to = k + 1 < hits.length ? hits[k + 1]!.index! : t.length;
      if (!fields.has(h[1]!)) fields.set(h[1]!, t.slice(from, to));
    });
    const clean = (v: string | undefined) => v?.replace(/^\/+|\/+$/g, "").replace(/\/+/g, " ").trim() || undefined;
    // A name keeps a "/" of its own ("Nordisk A/S", "Jansen w/ Zonen": read as "Nordisk A S"); only the marks around it
    // go, and a "//" ends it (ING's mark before the next key: "/NAME/ACME//BV" was "ACME//BV", review of r4-qa30). The
    // content-hash id's text reads it as before (round3).
    const name = round3 ? clean : (v: string | undefined) => v?.replace(/^\/+|\/+$/g, "").split("//")[0]!.trim() || undefined;
    const cntpText = fields.get("CNTP");
    const cntp = cntpText?.split("/");
    // CNTP is "iban/bic/name/city" and ends with a "/" before the next key's ("…/Utrecht//REMI/"): up to that end, the
    // pieces between the BIC and the city are the name's ("…/ABNANL2A/Jansen w/ Zonen/Utrecht//": "Jansen w"). A key
    // the reader does not know stays in the value ("…/Jansen BV/Utrecht//SVCL/SEPA/": review of r4-qa30, the name was
    // "Jansen BV/Utrecht//SVCL"): the value ends at the first "/" that a key ("/SVCL/") or the value's end follows.
    const cntpEnd = cntpText === undefined ? -1 : cntpText.search(/\/(?=\/[A-Z]{2,5}\/|$)/);
    const cntpOwn = cntpEnd < 0 ? undefined : cntpText!.slice(0, cntpEnd).split("/");
    const cntpName = cntpOwn && !round3 && cntpOwn.length > 4 ? cntpOwn.slice(2, -1).join("/") : cntp?.[2];
    const remi = fields.get("REMI")?.replace(/^(USTD|STRD\/CUR)\/+/, "");
    const eref = clean(fields.get("EREF"));
    // ING's Inside Business Payments writes the party as CNTP does, "/BENM/iban/bic/name/" (qa25's blind pass: the IBAN and
    // BIC were kept as the name); SEB's "/ORDP/Arbetsgivare AB/" is the name alone.
    // Who the other party is when both /ORDP/ and /BENM/ are written: SWIFT's narrative names the ordering customer of a
    // credit transfer /ORDP/ and its beneficiary /BENM/, so money out is taken from /BENM/ and money in from /ORDP/. What
    // this rests on: that usage, and mt9x's test data of a UK bank's international payments and a Swedish bank's return
    // (the holder was the counterparty of every payment out). Not shown for other kinds of booking: a direct debit whose
    // creditor a bank writes as /ORDP/ would name the holder, as does a return of one's own payment coming back as money
    // in ("/RTRN/…/ORDP/<holder>/BENM/<payee>", as on r4-final's base). With one of the two only, that one is taken.
    const [other, holder] = moneyOut ? ["BENM", "ORDP"] : ["ORDP", "BENM"];
    const side = fields.get(other) ?? fields.get(holder);
    const sideParts = side?.split("/");
    const sideIban = sideParts && sideParts.length >= 3 && /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(sideParts[0]!.replace(/\s+/g, "")) ? sideParts : undefined;
    const sideParty = sideIban ? name(sideIban.slice(2).join("/")) : (name(fields.get(other)) ?? name(fields.get(holder)));
    const party = name(fields.get("NAME")) ?? name(cntpName) ?? (round3 ? undefined : sideParty);
    // Only the booking text and references ("/BUSP/Verzamel Eurobetaling///PREF/…"): described by the booking text, not
    // the whole field with its marks.
    const bookingOnly = !round3 && [...fields].every(([k, v]) => k === "TRTP" || k === "BUSP" || REFERENCE_KEYS.has(k) || !clean(v));
    return {
      party,
      bookingOnly,
      iban: clean(fields.get("IBAN")) ?? clean(cntp?.[0]) ?? clean(fields.get("ACCW")?.split(",")[0]) ?? (round3 ? undefined : clean(sideIban?.[0])),
      purpose: clean(remi),
      reference: eref && !isPlaceholderReference(eref) ? eref : undefined,
      booking: clean(fields.get("TRTP")) ?? (round3 ? undefined : clean(fields.get("BUSP"))),
    };
  }
  // Free text; PostFinance names the other party and the message after these words.
  const party = /(?:AUFTRAGGEBER|BEGÜNSTIGTER|BEGUENSTIGTER|DONNEUR D'ORDRE|BÉNÉFICIAIRE):\s*(.*?)(?=\s+(?:MITTEILUNGEN?|COMMUNICATIONS?|REFERENZ|RÉFÉRENCE):|$)/i.exec(t)?.[1];
  const messageAt = /(?:MITTEILUNGEN?|COMMUNICATIONS?):\s*(.*)$/i.exec(t);
  const message = messageAt?.[1];
  // A message without a party word: what precedes it names the payment (and its payee), so it is kept as the party.
  const before = party === undefined && messageAt ? t.slice(0, messageAt.index).trim() : undefined;
  return { party: (party ?? before)?.trim() || undefined, purpose: message?.trim() || undefined };
}

/**
 * A booking's `:NS:` (a bank's own field, MultiCash's "STARTUMS" files) when it has no `:86:`: lines of a two-digit
 * key and its text — 01–14 the purpose, 15/16 the other party, 17 the booking text — else the lines as free text.
 */
function ownDetails(f: Field): Details & { text: string } {
  const keyed = f.lines.map((l) => /^(\d{2})(.*)$/.exec(l.trim()));
  const text = f.lines.map((l) => l.trim()).join(" ");
  if (!keyed.every(Boolean)) return { purpose: text || undefined, text };
  const part = (from: number, to: number) => keyed.filter((m) => Number(m![1]) >= from && Number(m![1]) <= to).map((m) => m![2]!.trim()).filter(Boolean).join(" ") || undefined;
  const party = part(15, 16);
  const purpose = part(1, 14);
  const booking = part(17, 17);
  return { party, purpose, booking, text: joinTexts([party, purpose, booking]) };
}

/**
 * MT942's :90D:/:90C: (the number and sum of the debit / credit bookings) held against the bookings read: the ones
 * that agree (said in the reconciliation's basis), and the ones that do not (each an unreconciled check, SPEC §10.1).
 */
function sideSums(msg: Message): { agree: string[]; off: { line: number; text: string; entries: number; cents: number; difference: number }[] } {
  const agree: string[] = [];
  const off: { line: number; text: string; entries: number; cents: number; difference: number }[] = [];
  for (const [tag, stated, read, sign] of [["90D", msg.stated.D, msg.debits, -1], ["90C", msg.stated.C, msg.credits, 1]] as const) {
    if (!stated) continue;
    const what = (n: number, c: number) => `${n} for ${(c / 100).toFixed(2)}`;
    if (stated.n === read.n && stated.cents === read.cents) agree.push(`:${tag}: ${what(read.n, read.cents)} agrees`);
    else {
      const text = `:${tag}: states ${tag === "90D" ? "debits" : "credits"} ${what(stated.n, stated.cents)}, the bookings read are ${what(read.n, read.cents)}`;
      off.push({ line: stated.line, text, entries: read.n, cents: sign * read.cents, difference: sign * (read.cents - stated.cents) });
    }
  }
  return { agree, off };
}

/** The booking date: the entry date (MMDD) in the value date's year, or the year next to it across a new year. */
function bookingDate(yy: string, mm: string, dd: string, entry: string | undefined): { date: string | null; value: string | null } {
  const year = 2000 + Number(yy);
  const value = isoDate(year, Number(mm), Number(dd));
  if (!entry?.trim()) return { date: value, value };
  const em = Number(entry.slice(0, 2));
  const ed = Number(entry.slice(2, 4));
  const y = em === 12 && Number(mm) === 1 ? year - 1 : em === 1 && Number(mm) === 12 ? year + 1 : year;
  return { date: isoDate(y, em, ed), value };
}

type Message = {
  account: string | null;
  opening: (StatedBalance & { currency: string }) | null;
  closing: (StatedBalance & { currency: string }) | null;
  /** The bookings its balance check counts. */
  booked: EntrySum;
  currency: string | null;
  hasBalances: boolean;
  /** The bookings by side (count and cents), and what MT942's :90D:/:90C: state of them. */
  debits: EntrySum;
  credits: EntrySum;
  stated: { D?: { n: number; cents: number; line: number }; C?: { n: number; cents: number; line: number } };
  /**
   * The message's bookings, held until its end: one sent twice in a file is a repeat, not more bookings. Their
   * currency is null while the message names none (an MT942 that states it only in :90D:/:90C: after them).
   */
  held: (Omit<ParsedRow, "currency"> & { currency: string | null })[];
  /** More bookings than HOLD_LIMIT: they went out as read (a repeat of such a message refuses the file). */
  streamed: boolean;
  /** The message's first line, and a hash of its fields but :20:/:21: (the references a resent message changes) as written. */
  line: number;
  written: Bun.CryptoHasher;
  /** The tags of its fields (an MT942 interim report has no :60F:/:62F:), and the days of its bookings. */
  tags: Set<string>;
  days: Set<string>;
};

/** MT942's own fields: a message with one of them and no balance is an interim report. */
const INTERIM_TAGS = ["34F", "13D", "90D", "90C"];


const newMessage = (line: number): Message => ({
  account: null,
  opening: null,
  closing: null,
  booked: noEntries(),
  currency: null,
  hasBalances: false,
  debits: noEntries(),
  credits: noEntries(),
  stated: {},
  held: [],
  streamed: false,
  line,
  written: new Bun.CryptoHasher("sha256"),
  tags: new Set(),
  days: new Set(),
});

function readMt940(written: string, opts: ReadOptions): Statement {
  const { fileName } = opts;
  const text = atAtLines(written);
  const flip = opts.flipSigns ? -1 : 1;
  const { rows, out, badRows, skipped, reconciliation, notes, accounts } = startReading(opts);
  let dataLines = 0;
  let statementLines = 0;
  let msg: Message | null = null;
  /** A `:61:` waiting for its text: its `:86:`, or a bank's own `:NS:` after it (MultiCash, Sberbank) when it has none. */
  let pending: { field: Field; detail: Field | null; own: Field | null; firstDetailLines: number } | null = null;

  const balanceOf = (f: Field): StatedBalance & { currency: string } => {
    const m = BALANCE.exec(joined(f).replace(/\s+/g, ""));
    const amount = m ? amountOf(m[6]!) : null;
    if (!m || amount === null) throw new ImportInputError(`${fileName}: line ${f.line}: :${f.tag}: "${joined(f)}" is no balance (C or D, YYMMDD, currency, amount)`);
    return { amount: (m[1] === "D" ? -1 : 1) * amount, date: isoDate(2000 + Number(m[2]), Number(m[3]), Number(m[4])), currency: m[5]! };
  };

  /** A `:61:` with its `:86:` (or none) becomes a row, a bad row or a skipped line. */
  const booking = (f: Field, info: Field | null, own: Field | null, firstInfoLines: number) => {
    dataLines++;
    const line = f.line;
    const [first, ...more] = f.lines;
    const m = STATEMENT_LINE.exec((first ?? "").trim());
    if (!m) return void badRows.push({ line, reason: `:61: "${(first ?? "").trim()}" is no statement line (date, C/D, amount)` });
    const { date, value } = bookingDate(m[1]!, m[2]!, m[3]!, m[4]);
    if (!date) return void badRows.push({ line, reason: `:61: "${m[1]}${m[2]}${m[3]}${m[4] ?? ""}" is not a real date` });
    const amount = amountOf(m[7]!);
    if (amount === null) return void badRows.push({ line, reason: `:61: amount "${m[7]}" is not a number` });
    const mark = m[5]!;
    const sign = mark === "C" || mark === "RD" ? 1 : -1;
    const refs = (m[9] ?? "").split("//");
    // Rabobank's older export pads the other party's account (the reference, at most 16 characters) with spaces and
    // names the party after it ("0123456789      Energiebedrijf Noord"): a reference, then a name.
    const padded = refs.length === 1 ? /^(\S{1,16}) {2,}(.*[A-Za-z].*)$/.exec(refs[0]!.trim()) : null;
    if (padded) refs[0] = padded[1]!;
    const partyInReference = padded ? cleanText(padded[2]!) : "";
    const text86 = (f86: Field) => cleanText(oneLine(joined(f86)).replace(ZKB_MARKS, "").trim());
    const info86 = info ? text86(info) : own ? cleanText(oneLine(ownDetails(own).text)) : "";
    const d: Details = info ? details(info86, joinSubfields, false, sign < 0) : own ? ownDetails(own) : {};
    const facts: TransactionFacts = {};
    if (d.party || partyInReference) facts.counterparty = d.party ? cleanText(d.party) : partyInReference;
    if (d.iban) facts.counterpartyIban = d.iban.replace(/\s+/g, "");
    if (d.purpose) facts.purpose = cleanText(d.purpose);
    // Rabobank and ING write the kind of reference the :86: carries where the reference goes ("N064EREF", "N063MARF"):
    // a word, no reference (a later file would share it with every direct debit).
    // ASN Bank writes the other party's IBAN there ("NOVBNL36INGB0003445588"): its IBAN, no reference.
    const ownRef = refs[0]?.trim();
    const ownIban = ownRef && IBAN.test(ownRef) ? ownRef : undefined;
    if (ownIban && !facts.counterpartyIban) facts.counterpartyIban = ownIban;
    const bankRef = refs[1]?.trim();
    const reference = d.reference ?? ((bankRef && !noReference(bankRef) ? bankRef : undefined) || (ownRef && !ownIban && !noReference(ownRef) ? ownRef : undefined));
    if (reference) facts.reference = cleanText(reference);
    if (value && value !== date) facts.valueDate = value;
    // The :61:'s second line (supplementary details): the original amount and charges as SWIFT writes them
    // ("/OCMT/USD80,00//CHGS/EUR1,50/"), or (Rabobank) the other party's IBAN alone.
    const supplement = more.join("").trim();
    const ocmt = /\/OCMT\/([A-Z]{3})(\d[\d,]*)\//.exec(supplement);
    const original = ocmt ? amountOf(ocmt[2]!) : null;
    if (ocmt && original !== null && ocmt[1] !== msg!.currency) {
      facts.originalAmount = original;
      facts.originalCurrency = ocmt[1]!;
    }
    const chgs = /\/CHGS\/([A-Z]{3})(\d[\d,]*)\//.exec(supplement);
    const fees = chgs ? amountOf(chgs[2]!) : null;
    if (fees !== null) facts.fees = fees;
    if (!facts.counterpartyIban && IBAN.test(supplement)) facts.counterpartyIban = supplement;
    // A supplement in words ("LSV: Swisscom (Schweiz) AG", "Einkauf ZKB Maestro Karte": ZKB names the kind of booking
    // and often the other party only there) belongs to the text; a reference (one token with digits, "NONREF"), an
    // IBAN or /CODE/ fields do not.
    // A placeholder ("NOTPROVIDED") is no words of the description; the content-hash id's text is read as before
    // (idWords: only the :61:'s own placeholders left out).
    const inWords = (placeholder: (s: string) => boolean) =>
      /[A-Za-zÀ-ÿ]{3}/.test(supplement) && (/\s/.test(supplement) || /^[A-Za-zÀ-ÿ]+$/.test(supplement)) && !placeholder(supplement) && !/^\//.test(supplement) && !facts.counterpartyIban?.includes(supplement);
    const words = inWords(noReference) ? cleanText(oneLine(supplement)) : "";
    const idWords = inWords((s) => PLACEHOLDER_REFS.has(s)) ? cleanText(oneLine(supplement)) : "";
    const asWritten = noReference(supplement) ? "" : joinTexts(more);
    const describe = (d: Details, text: string, w = words, rest = asWritten) => (d.party || d.purpose ? joinTexts([d.party, d.purpose, d.booking, w]) : joinTexts([w, text]) || rest);
    // A structured :86: of the booking text alone ("116?00SEPA-UEBERW/STORNO?100399": no purpose, no party) is described
    // by that text, not by the field's marks (QA round 4, pass 27). Only a field whose subfields say nothing else in
    // words (details' bookingOnly): a Dutch "/TRTP/…/ULTD/name" kept as its booking text lost the name
    // (review of pass 27). The content-hash id's text is read as before.
    const described = !d.party && !d.purpose && d.booking && d.bookingOnly ? joinTexts([d.booking, words]) : describe(d, info86);
    // Danske Bank writes the text of a booking without :86: where the reference goes ("NTRFHusleje marts", "FINTRente"):
    // a reference in words is the text of a booking that has none (such rows had an empty description). Not in the
    // content-hash id's text (read as before).
    const referenceText = !described && !partyInReference && ownRef && !ownIban && !noReference(ownRef) && /[A-Za-zÀ-ÿ]{3}/.test(ownRef) ? cleanText(ownRef) : "";
    // The party named in the :61: joins the description, not the content-hash id's text (read as before).
    const description = d.party ? described : joinTexts([partyInReference, described || referenceText]);
    // The content-hash id keeps the text as it was read before subfields were joined with spaces (joinSubfields), before
    // the SWIFT narrative's keys were read, and from the first :86: only, so a statement imported before is still
    // recognised as imported.
    const round3Info86 = info && firstInfoLines < info.lines.length ? text86({ ...info, lines: info.lines.slice(0, firstInfoLines) }) : info86;
    const idText = info ? describe(details(round3Info86, (pieces) => pieces.join(""), true), round3Info86, idWords, joinTexts(more)) : describe(d, info86, idWords, joinTexts(more));
    const signed = flip * sign * amount;
    addEntry(msg!.booked, signed);
    addEntry(sign < 0 ? msg!.debits : msg!.credits, amount);
    const row = { line, date, amount: signed === 0 ? 0 : signed, description, idText, reference: null, account: msg!.account, facts, named: true as const };
    msg!.days.add(date);
    if (msg!.streamed && msg!.currency) return void out.add({ ...row, currency: msg!.currency });
    msg!.held.push({ ...row, currency: msg!.currency });
    if (msg!.held.length > HOLD_LIMIT && msg!.currency) {
      for (const held of msg!.held) out.add({ ...held, currency: held.currency ?? msg!.currency });
      msg!.held = [];
      msg!.streamed = true;
    }
  };

  /** The message's currency, the first one it names; bookings that waited for it take it. */
  const learnCurrency = (currency: string) => {
    if (!msg || msg.currency) return;
    msg.currency = currency;
    for (const row of msg.held) row.currency ??= currency;
  };

  /** Each message's hash of its fields but :20:/:21:, with its first line: a later one written the same is a repeat of it. */
  const seen = new Map<string, number>();

  /**
   * An interim report's (MT942) bookings are booked again by the day's statement (MT940), the final word on that day:
   * a file of both (an MT942, then the MT940 of its day) counted them twice. An interim report's bookings wait to the
   * file's end (up to HOLD_LIMIT of them; more go out as read, with the days they are on) for a statement of the same
   * account and currency whose balances check, that books their day in full (the days after its :60F:'s date to its
   * :62F:'s; its closing day alone when both are one day) and that holds the booking itself: one of its own of the same
   * day and amount, each of its own taken once (review of the merge: a booking back-valued into a day the statement
   * covers, posted the next day, was skipped although the statement did not hold it). A page of a statement (:60M:,
   * :62M:) books part of a day only.
   */
  type Interim = { line: number; account: string; currency: string; days: Set<string>; rows: ParsedRow[] };
  let interimHeld: Interim[] = [];
  let interimRows = 0;
  const interimGone: Interim[] = [];
  /** The statements that check, each with its own bookings' count by day and amount (`bookingKey`). */
  const statements: { line: number; account: string; currency: string; from: string; to: string; bookings: Map<string, number> }[] = [];
  const booksDay = (s: (typeof statements)[number], account: string, currency: string, day: string) =>
    s.account === account && s.currency === currency && day <= s.to && (day > s.from || day === s.to);
  const bookingKey = (row: Pick<ParsedRow, "date" | "amount">) => `${row.date}\u0000${Math.round(row.amount * 100)}`;
  /** Whether statement `s` holds interim `row` itself (its day, its amount; each of its bookings taken once): taken. */
  const takeBooking = (s: (typeof statements)[number], account: string, currency: string, row: Pick<ParsedRow, "date" | "amount">) => {
    if (!booksDay(s, account, currency, row.date!)) return false;
    const key = bookingKey(row);
    const left = s.bookings.get(key) ?? 0;
    if (left === 0) return false;
    s.bookings.set(key, left - 1);
    return true;
  };
  const supersededReason = (interim: number, statement: number) =>
    `an interim report's booking (MT942, line ${interim}) that the statement on line ${statement} books too (its day and amount; its balances check): booked there, not twice`;
  const refuseGone = (interim: Interim, statement: number) => {
    throw new ImportInputError(
      `${fileName}: line ${interim.line}: the interim report's bookings (MT942) are booked again by the statement on line ${statement} (MT940); more than ${HOLD_LIMIT.toLocaleString("en-US")} interim bookings are read as they go and cannot be left out, so nothing was imported: import the statement without the interim reports`,
    );
  };
  const releaseInterim = () => {
    for (const interim of interimHeld) {
      for (const row of interim.rows) out.add(row);
      interimGone.push({ ...interim, rows: [] });
    }
    interimHeld = [];
    interimRows = 0;
  };
  /**
   * Banks that send interim reports (MT942) cumulatively repeat in each the day's bookings of the one before, with the
   * new ones after them: added up, a day's first bookings were booked once per report (review of stop 47). The last
   * interim report of each account and currency, with its bookings by day, amount and text: a later report of that
   * account that holds every one of them repeats it, and those bookings are skipped (each taken once: a second coffee
   * of the same price is a booking of its own). A report that does not hold them all is no repeat (a bank that sends
   * only the bookings since the last report): its bookings are all its own. Only two or more different bookings held
   * again tell a repeat: an earlier report of one booking (or of one booking several times) that a later one holds too
   * may as well be a booking alike among new ones, so the later one's is offered as a possible duplicate of it (the
   * user decides), neither skipped nor booked twice in silence.
   */
  type InterimBookings = Map<string, { line: number; date: string; description: string }[]>;
  const lastInterim = new Map<string, { line: number; bookings: InterimBookings }>();
  const interimKey = (row: Pick<ParsedRow, "date" | "amount" | "description" | "idText">) => `${bookingKey(row)}\u0000${row.description}\u0000${row.idText}`;
  /** The bookings of `m` that repeat the last interim report of its account and currency, by key (none: not a repeat), and whether that tells. */
  const repeatsOfEarlierInterim = (m: Message, account: string, currency: string) => {
    const bookings: InterimBookings = new Map();
    for (const row of m.held) {
      if (row.currency === null) continue;
      const key = interimKey(row);
      const list = bookings.get(key);
      const booking = { line: row.line, date: row.date, description: row.description };
      if (list) list.push(booking);
      else bookings.set(key, [booking]);
    }
    const at = `${account}\u0000${currency}`;
    const before = lastInterim.get(at);
    lastInterim.set(at, { line: m.line, bookings });
    if (!before || before.bookings.size === 0 || [...before.bookings].some(([key, list]) => (bookings.get(key)?.length ?? 0) < list.length)) return null;
    return { line: before.line, left: new Map([...before.bookings].map(([key, list]) => [key, [...list]])), tells: before.bookings.size >= 2 };
  };

  /** An interim report's bookings at its end: skipped when a statement read before books their day, else held. */
  const holdInterim = (m: Message, account: string, currency: string) => {
    if (m.streamed) {
      lastInterim.delete(`${account}\u0000${currency}`);
      const statement = statements.find((s) => [...m.days].some((day) => booksDay(s, account, currency, day)));
      const interim = { line: m.line, account, currency, days: m.days, rows: [] };
      if (statement) refuseGone(interim, statement.line);
      interimGone.push(interim);
      return;
    }
    const rows: ParsedRow[] = [];
    const repeats = repeatsOfEarlierInterim(m, account, currency);
    for (const row of m.held) {
      if (row.currency === null) continue;
      const earlier = repeats?.left.get(interimKey(row))?.shift();
      if (earlier && repeats!.tells) {
        skipped.push({ line: row.line, reason: `a booking the interim report on line ${repeats!.line} gave already (MT942: this report repeats that one's bookings of the account, then its own): booked once` });
        continue;
      }
      const statement = statements.find((s) => takeBooking(s, account, currency, row));
      if (statement) skipped.push({ line: row.line, reason: supersededReason(m.line, statement.line) });
      else if (earlier) {
        const reason = `written as the booking on line ${earlier.line} of the interim report on line ${repeats!.line}, all that report held: MT942 does not tell whether this report repeats it or books another alike`;
        rows.push({ ...row, currency: row.currency, repeats: { line: earlier.line, date: earlier.date, description: earlier.description, reason } });
      } else rows.push({ ...row, currency: row.currency });
    }
    if (!rows.length) return;
    interimHeld.push({ line: m.line, account, currency, days: new Set(rows.map((r) => r.date!)), rows });
    interimRows += rows.length;
    if (interimRows > HOLD_LIMIT) releaseInterim();
  };
  /** A statement whose balances check: the interim bookings of the days it books are skipped (refused when gone). */
  const supersedeInterim = (statement: (typeof statements)[number]) => {
    statements.push(statement);
    for (const interim of interimGone) if ([...interim.days].some((day) => booksDay(statement, interim.account, interim.currency, day))) refuseGone(interim, statement.line);
    for (const interim of interimHeld) {
      interim.rows = interim.rows.filter((row) => {
        if (!takeBooking(statement, interim.account, interim.currency, row)) return true;
        skipped.push({ line: row.line, reason: supersededReason(interim.line, statement.line) });
        interimRows--;
        return false;
      });
    }
  };

  const flushBooking = () => {
    if (pending) booking(pending.field, pending.detail, pending.own, pending.firstDetailLines);
    pending = null;
  };

  const endMessage = () => {
    flushBooking();
    if (!msg) return;
    const waiting = msg.held.filter((row) => row.currency === null);
    for (const row of waiting) badRows.push({ line: row.line, reason: "no currency: the message states none (:60F:, :62F:, :34F:, :90D:/:90C: or the account's suffix)" });
    if (waiting.length) msg.booked = noEntries();
    // The same statement twice in a file (cmxl's samples: a statement resent under another :20:, an MT942 twice): its
    // bookings were added twice, its money counted double. A message whose every field but :20:/:21: is written as an
    // earlier one's is that statement again: its bookings are skipped, booked once.
    const written = msg.written.digest("hex");
    const first = msg.held.length || msg.streamed ? seen.get(written) : undefined;
    // A message of more than HOLD_LIMIT bookings gave them out as read: its repeat cannot be left out, and it is
    // never booked twice either: the file is refused (a statement of that size sent twice, so far seen in no export).
    if (first !== undefined && msg.streamed) {
      throw new ImportInputError(
        `${fileName}: line ${msg.line}: the statement on line ${first} again (the same account, number, balances and ${msg.booked.n.toLocaleString("en-US")} bookings); a statement of more than ${HOLD_LIMIT.toLocaleString("en-US")} bookings is read as it goes and its repeat cannot be left out, so nothing was imported: remove the second copy from the file and import it again`,
      );
    }
    if (first !== undefined) {
      const reason = `the statement on line ${first} again (the same account, number, balances and bookings): booked there, not twice`;
      for (const row of msg.held) if (row.currency !== null) skipped.push({ line: row.line, reason });
      msg = null;
      return;
    }
    if (msg.held.length || msg.streamed) seen.set(written, msg.line);
    const currency = msg.closing?.currency ?? msg.opening?.currency ?? msg.currency ?? "";
    const interim = !msg.hasBalances && INTERIM_TAGS.some((tag) => msg!.tags.has(tag));
    if (interim && msg.account && currency) holdInterim(msg, msg.account, currency);
    else for (const row of msg.held) if (row.currency !== null) out.add({ ...row, currency: row.currency });
    const sums = sideSums(msg);
    if (msg.hasBalances || msg.booked.n > 0) {
      const checked = checkEntries(msg.booked, {
        account: msg.account,
        currency,
        opening: msg.opening,
        closing: msg.closing,
        basis: ":60F:/:60M: + bookings = :62F:/:62M:" + (sums.agree.length ? ` (${sums.agree.join(", ")})` : ""),
      });
      reconciliation.push(checked);
      // An opening balance and bookings but no closing balance (Oldenburgische Landesbank's download ends in ":65F:Dnullnull…";
      // qa25's blind pass: imported with no word): nothing checks the bookings, and the statement may have been cut off.
      if (msg.opening && !msg.closing && msg.booked.n > 0) {
        // A page of a statement continued (opened by :60M:) closes with :62M: (another page follows) or :62F: (the last).
        const what = msg.tags.has("60M") ? "page of a statement states an opening balance (:60M:) but no closing one (:62M: or :62F:)" : "statement states an opening balance but no closing one (:62F:)";
        notes.push(`line ${msg.line}: the ${what}: its bookings could not be checked against it; if the file was cut off, download it again`);
      }
      const { opening, closing } = msg;
      // (A statement read as it goes keeps no bookings to match: it takes none, and its interim reports stay booked.)
      if (checked.status === "ok" && !msg.streamed && msg.account && msg.tags.has("60F") && msg.tags.has("62F") && opening?.date && closing?.date) {
        const bookings = new Map<string, number>();
        for (const row of msg.held) if (row.currency !== null) bookings.set(bookingKey(row), (bookings.get(bookingKey(row)) ?? 0) + 1);
        supersedeInterim({ line: msg.line, account: msg.account, currency, from: opening.date, to: closing.date, bookings });
      }
    }
    for (const off of sums.off) {
      notes.push(`line ${off.line}: ${off.text}`);
      reconciliation.push({
        account: msg.account,
        currency,
        opening: null,
        openingDate: null,
        closing: null,
        closingDate: null,
        entries: off.entries,
        entriesTotal: off.cents / 100,
        difference: off.difference / 100,
        status: "off",
        line: off.line,
        basis: off.text,
      });
    }
    msg = null;
  };

  let field: Field | null = null;
  const complete = (f: Field) => {
    // A message cut out of its file without its :20: (an MT942's fragments: ":13D:", ":34F:", ":60F:" or ":61:"
    // first) starts at its first field: one made later was hashed without the fields before it, its first :61: among
    // them, so another day's fragment was taken for a repeat and its bookings skipped. A booking's text alone (a :86:
    // after the closing balance or after "-") starts none. Every other field below has its message: a fragment's
    // :60F:/:60M: was passed over when there was none yet, and an unreconciled fragment imported unchecked.
    if (!msg && f.tag !== "20" && f.tag !== "21" && f.tag !== "86" && f.tag !== "NS") msg = newMessage(f.line);
    if (msg && f.tag !== "20" && f.tag !== "21") {
      msg.written.update(`:${f.tag}:${f.lines.join("\n")}\n`);
      msg.tags.add(f.tag);
    }
    switch (f.tag) {
      case "20":
        endMessage();
        msg = newMessage(f.line);
        break;
      case "25": {
        const written = joined(f).trim().replace(/\s+/g, "");
        // "/PL61…" (mBank, PKO) and "UBSWCHZH80A/CH…" (UBS, Nordea's "NDEAFIHH/FI…"): the account's IBAN behind a slash,
        // after the bank's BIC or nothing. (A German "50070010/0123456789", sort code and account number, stays whole.)
        const raw = /^(?:[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)?\/([A-Z]{2}\d{2}[A-Z0-9]{10,30})$/.exec(written)?.[1] ?? written;
        // "NL20INGB0001234567EUR" / "NL71RABO0123456789EUR": an IBAN with its currency after it.
        const iban = /^([A-Z]{2}\d{2}[A-Z0-9]+?)([A-Z]{3})$/.exec(raw);
        const account = iban && ISO_CURRENCIES.has(iban[2]!) ? iban[1]! : raw;
        msg!.account = account;
        if (iban && account !== raw) learnCurrency(iban[2]!);
        named(accounts, account);
        break;
      }
      case "60F":
      case "60M": {
        const opening = balanceOf(f);
        msg!.opening = opening;
        msg!.currency = null;
        learnCurrency(opening.currency);
        msg!.hasBalances = true;
        break;
      }
      case "62F":
      case "62M": {
        flushBooking();
        const closing = balanceOf(f);
        msg!.closing = closing;
        learnCurrency(closing.currency);
        msg!.hasBalances = true;
        break;
      }
      case "90D":
      case "90C": {
        flushBooking();
        const m = /^(\d+)([A-Z]{3})(\d[\d,.]*)$/.exec(joined(f).replace(/\s+/g, ""));
        const amount = m ? amountOf(m[3]!) : null;
        if (!m || amount === null) throw new ImportInputError(`${fileName}: line ${f.line}: :${f.tag}: "${joined(f)}" is no number and sum of bookings (count, currency, amount)`);
        if (ISO_CURRENCIES.has(m[2]!)) learnCurrency(m[2]!);
        msg!.stated[f.tag === "90D" ? "D" : "C"] = { n: Number(m[1]), cents: cents(amount), line: f.line };
        break;
      }
      case "34F": {
        // MT942's floor limit ("EUR0,00"), like its number and sum of debits/credits ("2EUR55,90"), names the currency
        // of a report with no opening balance.
        flushBooking();
        const c = /^\d*([A-Z]{3})/.exec(joined(f).trim())?.[1];
        if (c && ISO_CURRENCIES.has(c)) learnCurrency(c);
        break;
      }
      case "61":
        flushBooking();
        statementLines++;
        pending = { field: f, detail: null, own: null, firstDetailLines: 0 };
        break;
      case "86":
        if (pending && !pending.detail) {
          pending.detail = f;
          pending.firstDetailLines = f.lines.length;
        }
        // Rabobank's older export writes a booking's text as several :86: fields: one text (the first alone for the id).
        else if (pending?.detail) pending.detail.lines.push(...f.lines);
        // A :86: after the closing balance (ING's /SUM/) or on its own describes no booking.
        break;
      case "NS":
        if (pending && !pending.detail && !pending.own) pending.own = f;
        break;
    }
  };

  // The lines from a line holding only "-" in a booking's text before the closing balance on, held until the next tag
  // says whether that "-" ends the message or is part of the text.
  let afterDash: string[] | null = null;
  const endField = () => {
    if (field) complete(field);
    field = null;
    endMessage();
  };

  forEachLine(text, (written, lineNo) => {
    // A message sent over a SWIFT link is framed by SOH (\x01) before it and ETX (\x03) after its "-" (mBank's MT942:
    // "-\x03" was taken for text of the :90C: before it, and the file refused): the framing is no text; nor is a DOS
    // end of file (Rabobank's "\x1a" after :62F: was taken for part of the balance, and the file refused).
    const line = written.replace(FRAMING, "");
    // The SWIFT envelope: "{1:F01…}{2:O940…}{4:" before the first tag, "-}" after the last.
    const raw = line.startsWith("{") ? line.replace(ENVELOPE_HEAD, "").replace(ENVELOPE_TRAILER, "") : line;
    const t = TAG.exec(raw);
    if (afterDash) {
      // ING's hard-wrapped :86: (OCA's test-ing-old.940; qa52's blind pass) puts the "-" of "MND-EV01" on a line of its
      // own (it cut the message in three, whose middle had no currency, and the file was refused). Only the next tag
      // tells it from the message's end: one that goes on with the same message makes it the text's hyphen, the words
      // either side joined by it; any other tag, a blank line, an envelope or the end of the file, the message's end,
      // the lines after it no text (review of r4-qa52: a page line "Seite 2" then another account's :25:, or ING's
      // header lines then a :20:, were joined to the booking's text and the next part booked on this message).
      if (!t && raw.trim() !== "" && !line.startsWith("{") && (raw.trim() === "-" || !MESSAGE_END.test(raw.trim()))) {
        afterDash.push(raw);
        return;
      }
      // A "-" right before a tag that goes on (no text held after it) is a message's end where the message states no
      // opening balance: MT942 fragments, each ended by "-", their :90D:/:90C: optional (second review of r4-qa52: a
      // resent fragment, which the repeat rule skips, was joined to the one before and booked twice, exit 0).
      if (t && SAME_MESSAGE.has(t[1]!) && (msg?.opening || afterDash.some((held) => held.trim() !== "-"))) {
        // The held lines go on with the text, each lone "-" joining the lines either side of it.
        const lines = field!.lines;
        let joins = false;
        for (const held of afterDash) {
          if (held.trim() === "-") lines[lines.length - 1] += "-";
          else if (joins) lines[lines.length - 1] += held;
          else lines.push(held);
          joins = held.trim() === "-";
        }
      } else endField();
      afterDash = null;
    }
    if (t) {
      if (field) complete(field);
      field = { tag: t[1]!, line: lineNo, lines: [raw.slice(t[0].length)], tagged: t[0].length };
    } else if (MESSAGE_END.test(raw.trim())) {
      if (raw.trim() === "-" && field?.tag === "86" && msg && !msg.closing) afterDash = [raw];
      else endField();
    } else if (field && raw.trim() !== "") field.lines.push(raw);
  });
  endField();
  releaseInterim();

  if (statementLines === 0) throw new ImportInputError(`${fileName}: this is an MT940 file with no :61: lines (no bookings to import)`);
  // Every :61: is a row, a bad row, or skipped as a booking of a statement the file holds twice.
  return { format: "mt940", accounts, layout: null, account: accounts[0] ?? null, rows, badRows, skipped, reconciliation, dataLines, notes, invertedByBalance: false };
}

export const mt940Reader: StatementReader = {
  id: "mt940",
  name: "MT940/MT942 (SWIFT)",
  label: "MT940 / MT942 (SWIFT): PostFinance, ING, Rabobank, ABN AMRO, Deutsche Bank, Sparkassen …",
  recognisedBy: "its `:20:` and `:25:`/`:60F:` fields, or `:61:` bookings cut out of a message with their `:86:`",
  idRule: "`h:` + SHA-256 of account, date, amount, currency, text (the references repeat)",
  extensions: [".sta", ".mt940", ".940", ".942", ".txt", ".mta"],
  mimeTypes: ["text/plain"],
  identify: (head) => {
    const body = head.replace(ENVELOPE_HEAD, "").trimStart();
    // A message's bookings cut out of it (cmxl's MT942 samples: ":34F:…", then :61: and :86:, no :20: or :25:) are
    // MT940 too: they were refused as a CSV whose columns could not be told.
    const fragment = /^:(34F|13D|60[FM]|61):/.test(body) && /(^|\n):61:\d{6}/.test(body) && /(^|\n):(86|62[FM]|90[CD]):/.test(body);
    return fragment || (/(^|\n|@@):20:/.test(body) && /(^|\n|@@):(25|28C?|60[FM]|61|34F):/.test(body));
  },
  read: readMt940,
};
