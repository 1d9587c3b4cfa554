import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { parseToolInput } from "../../src/tools/invoke.ts";
import { ALL_TOOLS, toolByName } from "../../src/tools/registry.ts";

describe("parseToolInput: a tool call's input as zod's safeParse gives it, {} answered once per schema", () => {
  test("list_transactions {}: its two defaults (sort date, limit 50, from its schema), as zod gives them", () => {
    const schema = toolByName("list_transactions")!.schema();
    expect(parseToolInput(schema, {})).toEqual({ success: true, data: { sort: "date", limit: 50 } });
    // Again, from the remembered answer: still the same.
    expect(parseToolInput(schema, {})).toEqual({ success: true, data: { sort: "date", limit: 50 } });
  });

  test("every tool: {} gives exactly zod's answer (its data, or its error), the first time and after", () => {
    for (const tool of ALL_TOOLS) {
      const zod = tool.schema().safeParse({});
      for (let i = 0; i < 2; i++) {
        const ours = parseToolInput(tool.schema(), {});
        expect(ours.success).toBe(zod.success);
        if (ours.success) expect(ours.data).toEqual(zod.data);
        else expect(ours.error!.issues).toEqual(zod.error!.issues);
      }
    }
  });

  test("each call gets its own copy: a caller that changes its input does not change the next call's", () => {
    const schema = toolByName("list_transactions")!.schema();
    const first = parseToolInput(schema, {});
    (first.data as { limit: number }).limit = 7;
    expect(parseToolInput(schema, {}).data).toEqual({ sort: "date", limit: 50 });
  });

  test("an array default is copied deeply too", () => {
    const schema = z.strictObject({ by: z.array(z.string()).default(["category"]) });
    const first = parseToolInput(schema, {});
    (first.data as { by: string[] }).by.push("month");
    expect(parseToolInput(schema, {}).data).toEqual({ by: ["category"] });
  });

  test("a schema that refuses {} (a required argument): zod's own error, every time", () => {
    const schema = z.strictObject({ name: z.string() });
    for (let i = 0; i < 2; i++) {
      const r = parseToolInput(schema, {});
      expect(r.success).toBe(false);
      expect(r.error!.issues).toEqual(schema.safeParse({}).error!.issues);
      expect(r.error!.issues[0]!.path).toEqual(["name"]);
    }
  });

  test("anything but an empty plain object goes to zod: arguments, unknown keys, an array, null", () => {
    const schema = toolByName("list_transactions")!.schema();
    expect(parseToolInput(schema, { limit: 5 })).toEqual({ success: true, data: { sort: "date", limit: 5 } });
    for (const input of [{ limit: 0 }, { nonsense: 1 }, [], null, "x"]) {
      const ours = parseToolInput(schema, input);
      const zod = schema.safeParse(input);
      expect(ours.success).toBe(false);
      expect(ours.error!.issues).toEqual(zod.error!.issues);
    }
  });
});
