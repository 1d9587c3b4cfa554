import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdtempSync, openSync, readdirSync, readFileSync, readSync, closeSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pkg from "../package.json" with { type: "json" };
import { artifactName, sha256, TARGETS } from "../scripts/release.ts";

/**
 * `npm run release` (the script, run as a separate process into a temporary folder):
 * every artifact's executable format and architecture read from its header, the
 * SHA256SUMS file, and the linux-x64 binary run.
 */
const root = join(import.meta.dir, "..");
let outDir: string;
let buildOutput: string;

beforeAll(() => {
  outDir = mkdtempSync(join(tmpdir(), "bc-release-"));
  const r = Bun.spawnSync([process.execPath, "scripts/release.ts", "--out", outDir], { cwd: root, stdout: "pipe", stderr: "pipe" });
  buildOutput = r.stdout.toString() + r.stderr.toString();
  if (r.exitCode !== 0) throw new Error(`release failed (exit ${r.exitCode}):\n${buildOutput}`);
}, 240_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

function head(path: string, bytes = 4096): Buffer {
  const fd = openSync(path, "r");
  try {
    const buf = Buffer.alloc(bytes);
    return buf.subarray(0, readSync(fd, buf, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

/** Executable format and CPU from the header alone: ELF, Mach-O or PE, 64-bit only. */
function identify(b: Buffer): string {
  if (b.readUInt32BE(0) === 0x7f454c46) {
    // ELF: EI_CLASS 2 = 64-bit, EI_DATA 1 = little-endian, e_type 2 = EXEC or 3 = DYN, e_machine at 0x12.
    if (b[4] !== 2 || b[5] !== 1) return `ELF class ${b[4]} data ${b[5]}`;
    const type = b.readUInt16LE(0x10);
    const machine = b.readUInt16LE(0x12);
    const cpu = { 0x3e: "x86-64", 0xb7: "aarch64" }[machine] ?? `machine 0x${machine.toString(16)}`;
    return `ELF64 ${type === 2 || type === 3 ? "executable" : `type ${type}`} ${cpu}`;
  }
  if (b.readUInt32LE(0) === 0xfeedfacf) {
    // Mach-O 64-bit little-endian: cputype at 4, filetype at 12 (2 = MH_EXECUTE).
    const cputype = b.readUInt32LE(4);
    const cpu = { 0x01000007: "x86_64", 0x0100000c: "arm64" }[cputype] ?? `cputype 0x${cputype.toString(16)}`;
    return `Mach-O64 ${b.readUInt32LE(12) === 2 ? "executable" : `filetype ${b.readUInt32LE(12)}`} ${cpu}`;
  }
  if (b.toString("latin1", 0, 2) === "MZ") {
    // PE: e_lfanew at 0x3C → "PE\0\0", COFF Machine right after, optional-header magic 0x20B = PE32+.
    const pe = b.readUInt32LE(0x3c);
    if (b.readUInt32BE(pe) !== 0x50450000) return "MZ without PE signature";
    const machine = b.readUInt16LE(pe + 4);
    const magic = b.readUInt16LE(pe + 24);
    const cpu = machine === 0x8664 ? "AMD64" : `machine 0x${machine.toString(16)}`;
    return `PE32+${magic === 0x20b ? "" : ` (magic 0x${magic.toString(16)})`} ${cpu}`;
  }
  return `unknown ${b.subarray(0, 4).toString("hex")}`;
}

/**
 * Why macOS would kill a Mach-O at launch, or null: its embedded code signature must
 * hash every 4 KB page of the file up to the signature itself (Apple Silicon refuses
 * to run code without a valid signature; an ad-hoc one is enough).
 */
function codeSignatureProblem(path: string): string | null {
  const b = readFileSync(path);
  let off = 32;
  let sigOff = -1;
  for (let i = 0; i < b.readUInt32LE(16); i++, off += b.readUInt32LE(off + 4)) if (b.readUInt32LE(off) === 0x1d) sigOff = b.readUInt32LE(off + 8);
  if (sigOff < 0) return "no LC_CODE_SIGNATURE";
  if (b.readUInt32BE(sigOff) !== 0xfade0cc0) return "no embedded signature SuperBlob";
  for (let i = 0; i < b.readUInt32BE(sigOff + 8); i++) {
    const cd = sigOff + b.readUInt32BE(sigOff + 16 + i * 8);
    if (b.readUInt32BE(cd) !== 0xfade0c02) continue; // not a CodeDirectory
    const [hashOffset, slots, codeLimit] = [b.readUInt32BE(cd + 16), b.readUInt32BE(cd + 28), b.readUInt32BE(cd + 32)];
    const [hashSize, hashType, pageSize] = [b[cd + 36]!, b[cd + 37]!, 1 << b[cd + 39]!];
    if (hashType !== 2) return `hash type ${hashType}, expected SHA-256`;
    if (codeLimit !== sigOff) return `signs ${codeLimit} bytes, the signature starts at ${sigOff}`;
    let bad = 0;
    for (let p = 0; p < slots; p++) {
      const digest = createHash("sha256").update(b.subarray(p * pageSize, Math.min((p + 1) * pageSize, codeLimit))).digest();
      if (!digest.equals(b.subarray(cd + hashOffset + p * hashSize, cd + hashOffset + (p + 1) * hashSize))) bad++;
    }
    return bad ? `${bad} of ${slots} page hashes differ` : null;
  }
  return "no CodeDirectory";
}

const expected: Record<string, string> = {
  "linux-x64": "ELF64 executable x86-64",
  "linux-arm64": "ELF64 executable aarch64",
  "darwin-x64": "Mach-O64 executable x86_64",
  "darwin-arm64": "Mach-O64 executable arm64",
  "windows-x64": "PE32+ AMD64",
};

describe("npm run release", () => {
  test("writes one file per platform, named with version, OS and architecture, and SHA256SUMS", () => {
    expect(readdirSync(outDir).sort()).toEqual(
      [
        "SHA256SUMS",
        `budget-chat-${pkg.version}-darwin-arm64`,
        `budget-chat-${pkg.version}-darwin-x64`,
        `budget-chat-${pkg.version}-linux-arm64`,
        `budget-chat-${pkg.version}-linux-x64`,
        `budget-chat-${pkg.version}-windows-x64.exe`,
      ].sort(),
    );
    expect(TARGETS.map((t) => `${t.os}-${t.arch}`).sort()).toEqual(Object.keys(expected).sort());
  });

  test("each artifact's header has the platform's executable format and architecture", () => {
    for (const { os, arch } of TARGETS) {
      expect({ name: artifactName(os, arch), kind: identify(head(join(outDir, artifactName(os, arch)))) }).toEqual({
        name: artifactName(os, arch),
        kind: expected[`${os}-${arch}`]!,
      });
    }
  });

  test("SHA256SUMS lists every artifact exactly once, in `sha256sum -c` format, with the right digest", () => {
    const text = readFileSync(join(outDir, "SHA256SUMS"), "utf8");
    expect(text.endsWith("\n")).toBe(true);
    const lines = text.slice(0, -1).split("\n");
    const names = lines.map((line) => {
      expect(line).toMatch(/^[0-9a-f]{64} {2}\S+$/);
      const [digest, name] = line.split("  ") as [string, string];
      expect({ name, digest }).toEqual({ name, digest: sha256(join(outDir, name)) });
      return name;
    });
    expect(names.sort()).toEqual(TARGETS.map((t) => artifactName(t.os, t.arch)).sort());
  });

  test("the darwin-arm64 artifact has a valid code signature (Apple Silicon kills unsigned code)", () => {
    expect(codeSignatureProblem(join(outDir, artifactName("darwin", "arm64")))).toBeNull();
  });

  // Bun 1.4.5 leaves the x64 runtime's original signature in place when cross-compiling
  // (it covers the runtime as it was, not the embedded app): the README tells Intel Mac
  // users to re-sign with `codesign --force --sign -`. When this starts passing, drop that note.
  test.failing("the darwin-x64 artifact has a valid code signature (known Bun bug)", () => {
    expect(codeSignatureProblem(join(outDir, artifactName("darwin", "x64")))).toBeNull();
  });

  test.if(process.platform === "linux" && process.arch === "x64")("the linux-x64 artifact runs: --version", () => {
    const r = Bun.spawnSync([join(outDir, artifactName("linux", "x64")), "--version"], { cwd: outDir, stdout: "pipe", stderr: "pipe" });
    expect({ code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() }).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: "" });
  });
});
