/**
 * Every statement reader, in one list, in the order they are asked to identify a file (the most
 * specific first). Everything that names formats is derived from this list: the CLI's `--format`
 * choices and help, the page's format list and file picker, the "unknown format" error, and the
 * README's format table (checked by test/import/formats/registry.test.ts). Adding a format is one
 * module exporting a `StatementReader` plus one entry here.
 */
import { bai2Reader } from "./bai2.ts";
import { camtReader } from "./camt.ts";
import { cfonbReader } from "./cfonb.ts";
import { gpcReader } from "./gpc.ts";
import { codaReader } from "./coda.ts";
import { csvReader, ubsAccountReader, ubsCardReader } from "./csv.ts";
import { LAYOUTS } from "./layouts/index.ts";
import { mt940Reader } from "./mt940.ts";
import { norma43Reader } from "./norma43.ts";
import { ofxReader } from "./ofx.ts";
import { qifReader } from "./qif.ts";
import type { StatementReader } from "./reader.ts";
import { santanderTxtReader } from "./santander-txt.ts";
import { MAX_UNPACKED_BYTES, MAX_ZIP_MEMBERS } from "./zip.ts";

export const READERS: readonly StatementReader[] = [ofxReader, camtReader, mt940Reader, qifReader, norma43Reader, cfonbReader, gpcReader, codaReader, bai2Reader, santanderTxtReader, ubsCardReader, ubsAccountReader, csvReader];

/** The `--format` values. */
export const IMPORT_FORMATS: readonly string[] = READERS.map((r) => r.id);

export function readerFor(id: string): StatementReader | undefined {
  return READERS.find((r) => r.id === id);
}

/**
 * A ZIP of statements is no format of its own: it is unpacked (zip.ts) and each member read as the file it is. It has
 * its row in the README's table and its place in the file picker.
 */
const ZIP_ROW = {
  label: `ZIP of statements (each file in it imported as a file of its own; at most ${MAX_ZIP_MEMBERS.toLocaleString("en")} files, ${MAX_UNPACKED_BYTES / 1024 / 1024} MB unpacked)`,
  recognisedBy: "its `PK` signature (an .xlsx, .ods or .docx is named as such)",
  idRule: "each file's own",
  extensions: [".zip"],
  mimeTypes: ["application/zip", "application/x-zip-compressed"],
};

/** What the file picker offers: every reader's extensions and MIME types, and ZIPs. */
export const ACCEPTED_FILES = [...new Set([...READERS, ZIP_ROW].flatMap((r) => [...r.extensions, ...(r.mimeTypes ?? [])]))].join(",");

/** The formats in words, for an error that lists what is expected ("camt.052/053/054 XML, OFX/QFX, … or a CSV with a header row"). */
export const FORMATS_IN_WORDS = `${READERS.slice(0, -1).map((r) => r.name).join(", ")} or ${READERS[READERS.length - 1]!.name}`;

/** The formats in short, for the top-level `--help` ("OFX/QFX, camt.052/053/054 XML, …, any bank's CSV, a ZIP of them"). */
export const FORMATS_IN_SHORT = [...READERS.map((r) => (r === csvReader ? "any bank's CSV" : r.name.replace(/^an? /, ""))), "a ZIP of them"].join(", ");

/** The README's table of formats and of bank layouts, generated from the lists. */
export function formatTableMarkdown(): string {
  const formats = [
    "| Format | `--format` | Recognised by | `transaction_id` (how duplicates are found) |",
    "|---|---|---|---|",
    ...READERS.map((r) => `| ${r.label} | \`${r.id}\` | ${r.recognisedBy} | ${r.idRule} |`),
    `| ${ZIP_ROW.label} | — | ${ZIP_ROW.recognisedBy} | ${ZIP_ROW.idRule} |`,
  ];
  const layouts = [
    "| Bank layout | `layout` | Recognised by its header cells | Encoding; dates; decimal | Sign | Currency | Balance column |",
    "|---|---|---|---|---|---|---|",
    ...LAYOUTS.map((l) => {
      const header = l.header.map((h) => `\`${[h].flat().join("` / `")}\``).join(", ");
      const sign = "direction" in l.money ? `direction column (${l.money.out} / ${l.money.in} / ${l.money.neutral})` : "debit" in l.money ? "debit / credit columns" : "byCurrency" in l.money ? "signed amount, a column per currency" : l.money.indicator ? "indicator column" : l.purchasesPositive ? "purchases positive (card)" : "signed amount";
      const currency = l.sideCurrencies || "direction" in l.money
        ? "a column per side"
        : "byCurrency" in l.money
          ? l.money.byCurrency.map((c) => `\`${[c.column].flat()[0]}\` → ${c.currency}`).join(", ")
        : !l.currency
          ? `the file's (header, preamble), else the account's, its IBAN country's${l.homeCurrency ? `, ${l.homeCurrency.code}` : ""} or your data's`
          : "fixed" in l.currency
            ? l.currency.fixed
            : `column \`${[l.currency.column].flat()[0]}\``;
      const encoding = { "utf-8": "UTF-8", "utf-8-bom": "UTF-8 with BOM", "windows-1252": "windows-1252", shift_jis: "Shift_JIS" }[l.encoding];
      const decimal = l.decimal === "per file" ? "`.` or `,` (per file)" : `\`${l.decimal}\``;
      return `| ${l.bank} ${l.name} | \`${l.id}\` | ${header} | ${encoding}; ${l.dates.join(", ")}; ${decimal} | ${sign} | ${currency} | ${l.balance ? [l.balance].flat()[0] : "—"} |`;
    }),
  ];
  return `${formats.join("\n")}\n\n${layouts.join("\n")}`;
}
