import { parseArgs, type ParseArgsConfig } from "node:util";
import { editDistance } from "../core/edit-distance.ts";
import { UsageError } from "../core/errors.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** node:util parseArgs, strict, with --help/-h, and its errors turned into one-line usage errors. */
export function parse<O extends Options>(argv: string[], options: O) {
  try {
    return parseArgs({ args: joinNegativeValues(argv, options), options: { ...options, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
  } catch (e) {
    const unknown = /^Unknown option '([^']+)'/.exec((e as Error).message);
    if (unknown) throw new UsageError(unknownOption(unknown[1]!, Object.keys(options)));
    throw new UsageError((e as Error).message.split("\n")[0]!);
  }
}

/**
 * An option the command does not have, with the one most likely meant (a typo of at most 2
 * letters, or a name that contains it or is contained in it) — never node's advice to pass it as a file after "--".
 */
function unknownOption(given: string, names: readonly string[]): string {
  const typed = given.replace(/^-+/, "").split("=")[0]!.toLowerCase();
  let best: { name: string; d: number } | null = null;
  if (typed.length >= 3)
    for (const name of names) {
      const d = name.includes(typed) || typed.includes(name) ? 1 : editDistance(typed, name);
      if (d <= 2 && (!best || d < best.d)) best = { name, d };
    }
  return best ? `Unknown option '${given}'; did you mean --${best.name}? (see --help)` : `Unknown option '${given}' (see --help for the options)`;
}

/**
 * `--history -5` as `--history=-5`: parseArgs takes a value that starts with "-" for an
 * option of its own and calls it "ambiguous"; a negative number after an option that takes
 * a value is that value, so the option's own check can say what is wrong with it.
 */
function joinNegativeValues(argv: string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    const name = a.startsWith("--") && !a.includes("=") ? a.slice(2) : null;
    if (name && options[name]?.type === "string" && next !== undefined && /^-\d/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

/** A whole-number option that is not a setting (e.g. --limit), checked against its range. */
export function intOption(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** `--since`: a day (YYYY-MM-DD, from 00:00 UTC) or an ISO time, as an ISO time. */
export function parseSince(value: string): string {
  const v = value.trim();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(v);
  const d = new Date(day ? `${v}T00:00:00Z` : v);
  if (Number.isNaN(d.getTime()) || (day && d.toISOString().slice(0, 10) !== v))
    throw new UsageError(`--since must be a date like 2026-01-31 (or an ISO time), got "${value}"`);
  return d.toISOString();
}
