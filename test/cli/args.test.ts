/**
 * The options parser every command shares (src/cli/args.ts): a mistyped option is named with
 * the option the user most likely meant, and never with node's advice to pass it as a file.
 */
import { describe, expect, test } from "bun:test";
import { parse } from "../../src/cli/args.ts";
import { UsageError } from "../../src/core/errors.ts";

const importOptions = {
  "flip-signs": { type: "boolean" },
  "dry-run": { type: "boolean" },
  "accept-unreconciled": { type: "boolean" },
  account: { type: "string" },
} as const;

function usageError(argv: string[]): string {
  try {
    parse(argv, importOptions);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error("no error");
}

describe("unknown options", () => {
  test("a near miss names the option meant", () => {
    // QA round 4 (uqa9): `import file.csv --flip-sign` said "To specify a positional argument starting with a '-', place it
    // at the end of the command after '--', as in '-- "--flip-sign"" — advice to import a file named --flip-sign.
    expect(usageError(["a.csv", "--flip-sign"])).toBe("Unknown option '--flip-sign'; did you mean --flip-signs? (see --help)");
    expect(usageError(["a.csv", "--dryrun"])).toBe("Unknown option '--dryrun'; did you mean --dry-run? (see --help)");
    expect(usageError(["a.csv", "--acount", "x"])).toBe("Unknown option '--acount'; did you mean --account? (see --help)");
  });

  test("an option like none of them says where to look", () => {
    expect(usageError(["a.csv", "--bogus"])).toBe("Unknown option '--bogus' (see --help for the options)");
    expect(usageError(["a.csv", "-x"])).toBe("Unknown option '-x' (see --help for the options)");
  });

  test("other parser errors stay one line", () => {
    expect(usageError(["--account"])).toMatch(/^Option '--account <value>' argument missing$/);
  });
});
