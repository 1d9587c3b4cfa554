/**
 * The import's messages in the page's words (SPEC §10.1: pages never show CLI flags): a reader's advice names the
 * page's own fields and ticks, and a file refused for its bad rows says how to import the other rows where it was asked.
 */
import { plural, rowPlace } from "../../../core/format.ts";
import type { ImportActor } from "../../../import/importer.ts";
import type { StatementPreview } from "../../../import/preview.ts";
import { ROLE_WORDS } from "../../../import/user-layouts.ts";

/**
 * Where the page sets the currency of every row: on the mapping screen (a file read with columns found or chosen), or,
 * for a file a bank's layout reads, in the file's own "Currency" field, which keeps the layout as the command line's
 * --currency does (review of r4-left: the mapping screen's field made an FNB download a generic CSV, its dates refused).
 */
export type CurrencyField = "columns" | "file";
/** The mapping screen as the page names it (ImportColumns' summary). */
const COLUMNS_SCREEN = "under “Change columns”";
const CURRENCY_FIELD_WORDS: Record<CurrencyField, string> = { columns: `“Currency of every row” ${COLUMNS_SCREEN}`, file: "“Currency” beside “Account”" };
/** The signed amount's role as the mapping screen lists it. */
const SIGNED = `“${ROLE_WORDS.amount}”`;

/**
 * A reader's message in the page's words: the command line's flags are named by what the page calls them, and
 * its advice ("set --date-format …") becomes the page's (SPEC §10.1: pages never show CLI flags). `currency`: where
 * the page sets a file's currency (CurrencyField).
 */
export function inPageWords(message: string, currency: CurrencyField = "columns"): string {
  return message
    .replace(/;\s*set --date-format[^;]*$/, "; choose how its dates are written")
    // The amounts' sign in doubt (csv-signs.ts): the page's answers are its "Flip signs" and its columns confirmed as they are.
    .replace(/; if they are card purchases, import it with --flip-signs; if they are money received, with --amount-column "[^"]*" \(the signs as written\)$/, "; if they are card purchases, tick “Flip signs”; if they are money received, use these columns as they are (the signs as written)")
    // Advice that names the column flags as a whole (csv-signs.ts, csv-guess.ts's file with no header row): the page's
    // mapping screen and its roles; word by word it read "name the amount column with the amount column" (uqa10).
    .replace(/if the amounts carry their own signs, name the amount column with --amount-column, else map the columns on the Import page/, `choose what each column holds ${COLUMNS_SCREEN} (${SIGNED} for the amounts if they carry their own signs)`)
    .replace(/;\s*name them with --date-column "column N"[^;]*$/, `; choose what each column holds ${COLUMNS_SCREEN}`)
    // A saved layout's names in another order (csv.ts, SavedLayoutDiffers): the screen opens with its roles, to be checked.
    .replace(/: name its columns \(--date-column …\), or read it with the layout, its columns found by their names \(--mapping "[^"]*"\)$/, `: check what each column holds ${COLUMNS_SCREEN}`)
    .replace(/name the columns with --amount-column ("[^"]*"|\S+)/, (_, col: string) => `choose ${SIGNED} for ${col.replace(/^"|"$/g, "")} ${COLUMNS_SCREEN}`)
    .replace(/import it again with --flip-signs|flip the signs \(--flip-signs\)/, "tick “Flip signs”")
    .replace(/;\s*set --decimal[^;]*$/, "; choose its decimal mark")
    .replace(/;\s*set --currency CODE \(or --currency-column H\)/, "; choose its currency column")
    // An assumed currency (a file that names none): the page's own field says otherwise, and the preview follows at once.
    .replace(/set the currency of every row \(--currency CODE\) and import the file again/, `enter it in ${CURRENCY_FIELD_WORDS[currency]}`)
    .replace(/\(from --currency\)/g, "(as you set it)")
    .replace(/set its currency \(--currency CODE\)/, `set its currency in ${CURRENCY_FIELD_WORDS[currency]}`)
    .replace(/\.\s*Name them with --[\s\S]*$/, ". Choose what each column holds")
    .replace(/\s*\((?:--[a-z-]+[^)]*)\)/g, "")
    .replace(/--(date|amount|debit|credit|description|currency)-column/g, (_, w: string) => `the ${w} column`)
    .replace(/--currency\b/g, "the currency")
    .replace(/--([a-z]+(?:-[a-z]+)*)/g, (_, w: string) => w.replace(/-/g, " "));
}

/** Bad rows listed in a refusal, at most this many (the preview lists them all). */
const BAD_ROWS_NAMED = 5;

/** A file with bad rows refused: each bad line (up to a few) with its reason, and how to import the other rows (the API's field, the page's tick). */
export function badRowsMessage(p: StatementPreview, via: ImportActor["via"]): string {
  const page = via !== "api";
  const advice = page ? "tick “Import without the bad rows” to import the other rows" : 'send "skip_bad_rows": true to import the other rows';
  const named = p.badRows.slice(0, BAD_ROWS_NAMED).map((b) => `${rowPlace(p.format, b.line)}: ${page ? inPageWords(b.reason) : b.reason}`);
  const more = p.badRows.length > BAD_ROWS_NAMED ? `; and ${p.badRows.length - BAD_ROWS_NAMED} more` : "";
  return `${p.file}: ${plural(p.badRows.length, "bad row")} (${named.join("; ")}${more}); nothing was imported (${advice})`;
}
