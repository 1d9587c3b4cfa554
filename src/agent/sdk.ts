/**
 * Where the SDK is: a module of its own (anthropic-sdk.ts), named at run time so that the bundler
 * leaves it out of the program's bundle; in the compiled binary it is an entry point of the build,
 * found under the entry points' common folder (src/) as the workers are (ledger-offthread.ts).
 */
const SDK_MODULE = /\$bunfs|~BUN/.test(import.meta.url) ? `${import.meta.dir}/agent/anthropic-sdk.ts` : Bun.fileURLToPath(new URL("./anthropic-sdk.ts", import.meta.url));

/**
 * The Anthropic SDK, loaded at its first use (the first model call, or an error of one) rather
 * than when the app starts: it is a large part of the bundle's load time. Its ESM build, the very
 * module a static `import` gets (`require` of the package root would load its CommonJS build, whose
 * error classes are other classes, so `instanceof` would fail for clients made by an import).
 */
export function sdk(): typeof import("@anthropic-ai/sdk").default {
  return (require(SDK_MODULE) as typeof import("./anthropic-sdk.ts")).default;
}

/** After start-up, how long the server waits before loading the SDK (its first page goes out first). */
const WARM_AFTER_MS = 1000;

/**
 * Load the SDK ahead of its first use, once the server has started and is idle: from source its
 * load is one block of ~100–150 ms of the event loop (~8 ms in the compiled binary), which would
 * otherwise fall in the middle of a 50 MB import's commit (its classification's first model call)
 * or of the first chat. An asynchronous import, cut in smaller blocks; `sdk()` then finds it loaded.
 */
export function warmSdkWhenIdle(): void {
  const timer = setTimeout(() => void import(SDK_MODULE).catch(() => {}), WARM_AFTER_MS);
  timer.unref();
}
