import { z } from "zod";

/** A JSON schema as the Messages API takes a tool's input (`$schema` dropped). */
export type InputJsonSchema = { type: "object"; properties?: Record<string, unknown>; [k: string]: unknown };

// Converted once per schema, at its first use rather than when its module loads: every model call sends its
// tools' schemas (zod's conversion costs about 0.1 ms per tool), and converting them all at import time
// delayed the server's first page.
const converted = new WeakMap<z.ZodType, InputJsonSchema>();

/**
 * A zod schema's input as the JSON schema sent to Claude (`$schema` dropped; defaulted fields
 * stay optional). Shared and frozen: callers must not change it.
 */
export function inputJsonSchema(schema: z.ZodType): InputJsonSchema {
  let json = converted.get(schema);
  if (!json) {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
    json = deepFreeze(rest) as InputJsonSchema;
    converted.set(schema, json);
  }
  return json;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
