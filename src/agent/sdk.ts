/**
 * The Anthropic SDK, loaded at its first use (the first model call, or an error of one) rather
 * than when the app starts: it is a large part of the bundle's load time. Its ESM build, the very
 * module a static `import` gets (`require` of the package root would load its CommonJS build, whose
 * error classes are other classes, so `instanceof` would fail for clients made by an import).
 */
export function sdk(): typeof import("@anthropic-ai/sdk").default {
  return (require("@anthropic-ai/sdk/index.mjs") as typeof import("@anthropic-ai/sdk")).default;
}
