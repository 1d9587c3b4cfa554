#!/usr/bin/env bun
/**
 * `npm run release`: cross-compile the binary for every supported platform into
 * dist/release/ (or `--out DIR`) and write SHA256SUMS in `sha256sum -c` format.
 *
 * Same flags as `npm run build`. Bun fetches each target's runtime from the npm
 * registry on first use and caches it (~/.bun/install/cache).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import pkg from "../package.json" with { type: "json" };

export const TARGETS = [
  { os: "linux", arch: "x64" },
  { os: "linux", arch: "arm64" },
  { os: "darwin", arch: "x64" },
  { os: "darwin", arch: "arm64" },
  { os: "windows", arch: "x64" },
] as const;

export type Artifact = { os: string; arch: string; name: string; path: string; bytes: number; sha256: string };

const root = join(import.meta.dir, "..");
const FLAGS = ["--compile", "--minify", "--sourcemap", "--bytecode", "--format=esm"];

export function artifactName(os: string, arch: string, version = pkg.version): string {
  return `budget-chat-${version}-${os}-${arch}${os === "windows" ? ".exe" : ""}`;
}

export function sha256(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

/** The build's entry points: the program, the Anthropic SDK (src/agent/sdk.ts) and the workers (parse, budget writes, ledger), which a compiled binary finds only as entry points of their own. */
export const ENTRY_POINTS = ["src/main.ts", "src/agent/anthropic-sdk.ts", "src/import/parse-worker.ts", "src/import/write-worker.ts", "src/ledger/ledger-worker.ts"];

/** Build every target into outDir; returns the artifacts in TARGETS order. Throws on failure. */
export function buildRelease({ outDir = join(root, "dist", "release"), log = console.log } = {}): Artifact[] {
  outDir = resolve(outDir);
  mkdirSync(outDir, { recursive: true });
  // Leave no stale artifacts (an older version's) next to the new SHA256SUMS.
  for (const f of readdirSync(outDir)) if (f.startsWith("budget-chat-") || f === "SHA256SUMS") rmSync(join(outDir, f));

  const artifacts: Artifact[] = [];
  for (const { os, arch } of TARGETS) {
    const name = artifactName(os, arch);
    const path = join(outDir, name);
    const started = performance.now();
    const build = Bun.spawnSync(
      [process.execPath, "build", ...ENTRY_POINTS, ...FLAGS, `--target=bun-${os}-${arch}`, "--outfile", path],
      { cwd: root, stdout: "pipe", stderr: "pipe" },
    );
    if (build.exitCode !== 0) {
      throw new Error(`bun build for ${os}-${arch} failed (exit ${build.exitCode}):\n${build.stderr.toString()}${build.stdout.toString()}`);
    }
    // --sourcemap also writes NAME.map (and one per further entry point) next to the binary; they are not release files.
    rmSync(`${path}.map`, { force: true });
    for (const entry of ENTRY_POINTS.slice(1)) rmSync(join(outDir, `${basename(entry, ".ts")}.js.map`), { force: true });
    const artifact = { os, arch, name, path, bytes: statSync(path).size, sha256: sha256(path) };
    artifacts.push(artifact);
    log(`${name}  ${(artifact.bytes / 1e6).toFixed(1)} MB  ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  writeFileSync(join(outDir, "SHA256SUMS"), artifacts.map((a) => `${a.sha256}  ${a.name}\n`).join(""));
  log(`SHA256SUMS\n→ ${outDir}`);
  return artifacts;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const out = args[0] === "--out" && args[1] ? args[1] : undefined;
  if (args.length > 0 && (out === undefined || args.length !== 2)) {
    console.error("usage: bun scripts/release.ts [--out DIR]   (default dist/release)");
    process.exit(2);
  }
  try {
    buildRelease({ outDir: out });
  } catch (e) {
    console.error(`release: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}
