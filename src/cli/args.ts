import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "../core/errors.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** node:util parseArgs, strict, with --help/-h, and its errors turned into one-line usage errors. */
export function parse<O extends Options>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options: { ...options, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message.split("\n")[0]!);
  }
}

/** A whole-number option that is not a setting (e.g. --limit), checked against its range. */
export function intOption(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}
