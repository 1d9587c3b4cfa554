/**
 * The house's layers (README "How the code is organised"): the diagram there is the layer
 * list, read from the README itself so the two cannot drift. A room may import only rooms
 * indented deeper than itself; every source file of src/ and views/ (and the eval's own
 * oracle in eval/) lies in a room the diagram names. An import that runs back up, or sideways
 * to a room at the same depth, fails with the file, the import and the two rooms.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

const ROOT = join(import.meta.dir, "..");

type Room = { path: string; depth: number };

/** The rooms of the README's diagram with their depth (two spaces of indentation a layer). */
function readmeRooms(): Room[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## How the code is organised"));
  const diagram = section.slice(section.indexOf("```\n") + 4, section.indexOf("\n```", section.indexOf("```\n") + 4));
  const rooms: Room[] = [];
  for (const line of diagram.split("\n")) {
    const m = /^( *)((?:src|views|eval)\/\S*)/.exec(line);
    if (m) rooms.push({ path: m[2]!, depth: m[1]!.length / 2 });
  }
  return rooms;
}

/** Source files below `dir` (relative to the repository), tests and declaration files left out. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name)) out.push(path);
  }
  return out;
}

/** The repository files a source file imports (relative specifiers only: packages are no rooms). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const specs = [...text.matchAll(/\bfrom\s+["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s+["']([^"']+)["']/gm)].map((m) => m[1] ?? m[2] ?? m[3]!);
  return specs.filter((s) => s.startsWith(".")).map((s) => normalize(join(dirname(file), s)));
}

/** The room a file lies in: the longest room path that names it or a folder above it. */
function roomOf(rooms: Room[], file: string): Room | undefined {
  return rooms.filter((r) => (r.path.endsWith("/") ? file.startsWith(r.path) : file === r.path)).sort((a, b) => b.path.length - a.path.length)[0];
}

/** Every import that runs against the layers, as "file → imported (room at depth d → room at depth e)". */
function layerViolations(rooms: Room[], imports: [file: string, target: string][]): string[] {
  const out: string[] = [];
  for (const [file, target] of imports) {
    const from = roomOf(rooms, file)!;
    const to = roomOf(rooms, target);
    if (!to || to === from || to.depth > from.depth) continue;
    out.push(`${file} → ${target} (${from.path} at depth ${from.depth} → ${to.path} at depth ${to.depth})`);
  }
  return out;
}

const rooms = readmeRooms();
const files = [...sourceFiles("src"), ...sourceFiles("views"), ...sourceFiles("eval")];
const imports = files.flatMap((file) => importsOf(file).map((target): [string, string] => [file, target]));

describe("the layers of README's diagram", () => {
  test("the diagram names the rooms, each once, and each is there", () => {
    expect(rooms.length).toBeGreaterThan(20);
    expect(new Set(rooms.map((r) => r.path)).size).toBe(rooms.length);
    for (const r of rooms) expect(statSync(join(ROOT, r.path)).isDirectory()).toBe(r.path.endsWith("/"));
  });

  test("every source file of src/, views/ and eval/ lies in a room of the diagram", () => {
    expect(files.filter((f) => !roomOf(rooms, f))).toEqual([]);
  });

  test("every import points to a room deeper than its own (never up, never sideways)", () => {
    expect(imports.length).toBeGreaterThan(500);
    expect(layerViolations(rooms, imports)).toEqual([]);
  });

  test("an import against the layers is found: up or sideways", () => {
    expect(
      layerViolations(rooms, [
        // The deepest layer reaching up to the app database; views/ reaching sideways to its peer src/chat/.
        ["src/core/format.ts", "src/store/store.ts"],
        ["views/Layout.tsx", "src/chat/service.ts"],
        // Downward and within a room: allowed.
        ["src/web/server.ts", "src/store/store.ts"],
        ["src/tools/registry.ts", "src/tools/calculate.ts"],
      ]),
    ).toEqual([
      "src/core/format.ts → src/store/store.ts (src/core/ at depth 12 → src/store/ at depth 11)",
      "views/Layout.tsx → src/chat/service.ts (views/ at depth 4 → src/chat/ at depth 4)",
    ]);
  });
});
