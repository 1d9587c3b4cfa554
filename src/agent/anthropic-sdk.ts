/**
 * The Anthropic SDK as an entry point of the build of its own (package.json `build`,
 * scripts/release.ts ENTRY_POINTS), loaded by sdk.ts at its first use. Bundled into the
 * program, its Node built-ins (node:crypto, node:stream, node:child_process, readline,
 * worker_threads) were hoisted to the top of the one bundle and loaded at every start,
 * a third of the compiled binary's start-up; as its own entry they load with the SDK.
 * The ESM build: the very module a test's `import Anthropic from "@anthropic-ai/sdk"` gets,
 * so `instanceof` on its error classes holds for clients made there.
 */
export * from "@anthropic-ai/sdk/index.mjs";
export { default } from "@anthropic-ai/sdk/index.mjs";
