import { afterAll, afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Store } from "../src/store/store.ts";
import { UsageError, ConfigError } from "../src/core/errors.ts";
import { usageCommand } from "../src/cli/usage.ts";
import { estimateCost, formatCost, formatUsd, parseModelId, priceFor } from "../src/pricing.ts";

describe("pricing", () => {
  test("prices by family and version, cache write 1.25× and read 0.1× of input unless listed", () => {
    const p = (m: string) => {
      const x = priceFor(m);
      return x && [x.input, x.output, x.cacheWrite, x.cacheRead];
    };
    expect(p("claude-sonnet-5-5")).toEqual([2, 10, 2.5, 0.1]);
    expect(p("claude-sonnet-5")).toEqual([2, 10, 2.5, 0.2]);
    expect(p("claude-sonnet-4-5-20250929")).toEqual([3, 15, 3.75, 0.3]);
    expect(p("claude-sonnet-4-6")).toEqual([3, 15, 3.75, 0.3]);
    expect(p("claude-3-7-sonnet-latest")).toEqual([3, 15, 3.75, 0.3]);
    expect(p("claude-opus-5-5")).toEqual([4, 20, 5, 0.2]);
    expect(p("claude-opus-4-5-20251101")).toEqual([5, 25, 6.25, 0.5]);
    expect(p("claude-opus-4-8")).toEqual([5, 25, 6.25, 0.5]);
    expect(p("claude-opus-4-1-20250805")).toEqual([15, 75, 18.75, 1.5]);
    expect(p("claude-opus-4-20250514")).toEqual([15, 75, 18.75, 1.5]);
    expect(p("claude-3-opus-20240229")).toEqual([15, 75, 18.75, 1.5]);
    expect(p("claude-haiku-5-5")).toEqual([0.1, 0.5, 0.125, 0.01]);
    expect(p("claude-haiku-4-5-20251001")).toEqual([1, 5, 1.25, 0.1]);
    expect(p("claude-3-5-haiku-20241022")).toEqual([0.8, 4, 1, 0.08]);
    expect(p("claude-3-haiku-20240307")).toEqual([0.25, 1.25, 0.3, 0.03]);
    expect(p("claude-fable-5-1")).toEqual([10, 50, 12.5, 0.25]);
    // Provider prefixes and suffixes.
    expect(p("anthropic.claude-opus-4-1-20250805-v1:0")).toEqual([15, 75, 18.75, 1.5]);
    expect(p("claude-sonnet-5-5[1m]")).toEqual([2, 10, 2.5, 0.1]);
    // A family without a version: the newest row.
    expect(p("sonnet")).toEqual([2, 10, 2.5, 0.1]);
    // Unknown.
    expect(p("gpt-4o")).toBeNull();
    expect(p("claude-test")).toBeNull();
    expect(p("")).toBeNull();
    expect(parseModelId("claude-opus-4-20250514")).toEqual({ family: "opus", version: 40 });
  });

  test("exact cost for known token counts; unknown model → 'unknown'", () => {
    const usage = { input_tokens: 1_234_567, output_tokens: 89_012, cache_creation_input_tokens: 100_000, cache_read_input_tokens: 2_000_000 };
    // 1,234,567 × 3 + 89,012 × 15 + 100,000 × 3.75 + 2,000,000 × 0.3 = 6,013,881 µ$.
    expect(estimateCost("claude-sonnet-4-5", usage)).toBe(6.013881);
    // 1,234,567 × 2 + 89,012 × 10 + 100,000 × 2.5 + 2,000,000 × 0.1 = 3,809,254 µ$.
    expect(estimateCost("claude-sonnet-5-5", usage)).toBe(3.809254);
    expect(estimateCost("claude-haiku-5-5", { input_tokens: 1_000_000, output_tokens: 1_000_000 })).toBe(0.6);
    expect(estimateCost("claude-opus-4-1", { input_tokens: 1, output_tokens: 1 })).toBe(0.00009);
    expect(estimateCost("local-llama", usage)).toBe("unknown");
    expect(formatUsd(6.013881)).toBe("$6.0139");
    expect(formatUsd("unknown")).toBe("unknown");
    // The Usage page: the usage currency, 2 decimals, de-CH like every amount.
    expect(formatCost(6.013881)).toBe("USD 6.01");
    expect(formatCost(1234.005)).toBe("USD 1'234.01");
    expect(formatCost(0.0031)).toBe("USD 0.00");
    expect(formatCost("unknown")).toBe("unknown");
  });
});

describe("budget-chat usage", () => {
  const dir = mkdtempSync(join(tmpdir(), "bc-usage-"));
  const path = join(dir, "chat.db");
  let out: string[];
  const realLog = console.log;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeEach(() => {
    out = [];
    console.log = (...a: unknown[]) => out.push(a.join(" "));
  });
  afterEach(() => {
    console.log = realLog;
  });

  // A chat.db with turns on two known models and one unknown, across two months.
  {
    let t = new Date("2026-10-15T10:00:00Z").getTime();
    const store = Store.open(path, { now: () => new Date(t) });
    const conv = store.conversations.create("local", "seed").id;
    const turn = (model: string, at: string, i: number, o: number, cw: number, cr: number) => {
      t = new Date(at).getTime();
      const id = store.turns.start({ conversationId: conv, userId: "local", model, question: "q" });
      store.turns.finish(id, {
        status: "done",
        incomplete: false,
        usage: { input_tokens: i, output_tokens: o, cache_creation_input_tokens: cw, cache_read_input_tokens: cr },
      });
    };
    turn("claude-sonnet-5-5", "2026-10-15T10:00:00Z", 1_000, 200, 3_000, 0);
    turn("claude-sonnet-5-5", "2026-11-02T09:00:00Z", 1_500, 300, 0, 3_000);
    turn("claude-sonnet-5-5", "2026-11-20T18:30:00Z", 2_500, 500, 0, 3_000);
    turn("claude-haiku-4-5", "2026-11-05T12:00:00Z", 10_000, 1_000, 0, 0);
    turn("my-local-model", "2026-11-06T12:00:00Z", 7_000, 700, 0, 0);
    store.close();
  }

  test("prints exact per-model totals, an estimated cost and a total", async () => {
    expect(await usageCommand(["--chat-db", path])).toBe(0);
    // sonnet-5-5: 5,000 × 2 + 1,000 × 10 + 3,000 × 2.5 + 6,000 × 0.1 = 28,100 µ$ = $0.0281
    // haiku-4-5: 10,000 × 1 + 1,000 × 5 = 15,000 µ$ = $0.0150
    expect(out).toEqual([
      "Token usage, all time:",
      "",
      "model              turns   input  output  cache write  cache read          est. cost",
      "claude-haiku-4-5       1  10'000   1'000            0           0            $0.0150",
      "claude-sonnet-5-5      3   5'000   1'000        3'000       6'000            $0.0281",
      "my-local-model         1   7'000     700            0           0            unknown",
      "total                  5  22'000   2'700        3'000       6'000  $0.0431 + unknown",
      "",
      "No price known for my-local-model: not included in the total.",
      "",
      "Costs are estimates at list prices (USD); check your provider's invoice for the real amount.",
    ]);
  });

  test("--since counts only turns started on or after that day (UTC)", async () => {
    expect(await usageCommand(["--since", "2026-11-06", "--chat-db", path])).toBe(0);
    // sonnet: 2,500 × 2 + 500 × 10 + 3,000 × 0.1 = 10,300 µ$
    expect(out.slice(0, 6)).toEqual([
      "Token usage, since 2026-11-06 (UTC):",
      "",
      "model              turns  input  output  cache write  cache read          est. cost",
      "claude-sonnet-5-5      1  2'500     500            0       3'000            $0.0103",
      "my-local-model         1  7'000     700            0           0            unknown",
      "total                  2  9'500   1'200            0       3'000  $0.0103 + unknown",
    ]);
    out = [];
    expect(await usageCommand(["--since", "2027-01-01", "--chat-db", path])).toBe(0);
    expect(out).toEqual(["No turns recorded since 2027-01-01."]);
  });

  test("bad input is a usage error; a missing database is a configuration error (and is not created)", async () => {
    await expect(usageCommand(["--since", "2026-02-30", "--chat-db", path])).rejects.toBeInstanceOf(UsageError);
    await expect(usageCommand(["--since", "yesterday", "--chat-db", path])).rejects.toThrow("--since must be a date");
    await expect(usageCommand(["--bogus"])).rejects.toBeInstanceOf(UsageError);
    await expect(usageCommand(["extra", "--chat-db", path])).rejects.toBeInstanceOf(UsageError);
    const missing = join(dir, "nope", "chat.db");
    await expect(usageCommand(["--chat-db", missing])).rejects.toBeInstanceOf(ConfigError);
    expect(await Bun.file(missing).exists()).toBe(false);
    expect(await usageCommand(["--help"])).toBe(0);
    expect(out.join("\n")).toContain("budget-chat usage [--since YYYY-MM-DD] [--chat-db PATH]");
  });
});
