import { expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ALL_TOOLS, READ_TOOLS, toolByName, toolGuide, toolInputSchema, toolsFor } from "../../src/tools/registry.ts";
import { z } from "zod";
import { lazySchema } from "../../src/core/validation.ts";
import type { Tool } from "../../src/tools/types.ts";

test("every tool file under src/tools/ is in the registry once, read tools before write tools; READ_TOOLS are the low-risk ones", async () => {
  // The registry is the one list: a tool file that is not in it would be offered nowhere.
  const dir = join(import.meta.dir, "../../src/tools");
  const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !["registry.ts", "invoke.ts", "types.ts"].includes(f));
  const defined: Tool[] = [];
  for (const f of files) {
    const exported = Object.values(await import(join(dir, f))).filter((v): v is Tool => typeof v === "object" && v !== null && "risk" in v && "schema" in v);
    expect(exported.map((t) => `${t.name}.ts`)).toEqual([f]);
    defined.push(...exported);
  }
  expect(new Set(ALL_TOOLS)).toEqual(new Set(defined));
  expect(new Set(ALL_TOOLS.map((t) => t.name)).size).toBe(ALL_TOOLS.length);
  const firstWrite = ALL_TOOLS.findIndex((t) => t.risk === "high");
  expect(firstWrite).toBeGreaterThan(0);
  expect(ALL_TOOLS.slice(0, firstWrite)).toEqual([...READ_TOOLS]);
  expect(ALL_TOOLS.slice(firstWrite).every((t) => t.risk === "high")).toBe(true);
  for (const t of READ_TOOLS) {
    expect(t.risk).toBe("low");
    expect(t.description.length).toBeGreaterThan(100);
  }
});

test("toolByName", () => {
  expect(toolByName("monthly_trend")?.name).toBe("monthly_trend");
  expect(toolByName("nope")).toBeUndefined();
});

test("toolInputSchema: a compact JSON schema object without $schema (each tool's own properties are tested in its suite)", () => {
  for (const t of ALL_TOOLS) {
    const s = toolInputSchema(t);
    expect(s).not.toHaveProperty("$schema");
    expect(s.type).toBe("object");
    expect(s.additionalProperties).toBe(false);
    // Compact: no regex patterns or date formats spending tokens (a property may be named "pattern": propose_rule's text is).
    expect(JSON.stringify(s)).not.toMatch(/"pattern":"/);
    expect(JSON.stringify(s)).not.toContain('"format":');
    // Converted once and shared.
    expect(toolInputSchema(t)).toBe(s);
  }
});

test("lazySchema: the schema is built at its first use, once; every tool's schema() is one object (the invoker's and the JSON schemas' caches are keyed by it)", () => {
  let builds = 0;
  const schema = lazySchema(() => {
    builds++;
    return z.strictObject({ n: z.number() });
  });
  expect(builds).toBe(0);
  const first = schema();
  expect(builds).toBe(1);
  expect(schema()).toBe(first);
  expect(builds).toBe(1);
  for (const t of ALL_TOOLS) expect(t.schema()).toBe(t.schema());
});

test("every tool carries its label and prompt hint; the guide has a line per tool, write tools marked; read-only leaves the write tools out", () => {
  expect(toolsFor({ readOnly: true })).toEqual(READ_TOOLS);
  expect(toolsFor({ readOnly: false })).toEqual(ALL_TOOLS);
  for (const t of ALL_TOOLS) {
    expect(t.label).toEndWith("…");
    expect(t.promptHint.length).toBeGreaterThan(20);
  }
  const guide = toolGuide().split("\n");
  expect(guide).toHaveLength(ALL_TOOLS.length);
  ALL_TOOLS.forEach((t, i) => expect(guide[i]).toBe(`- ${t.name}${t.risk === "high" ? " (when available)" : ""}: ${t.promptHint}`));
  expect(toolGuide(READ_TOOLS)).not.toContain("(when available)");
});
