/** Shared checks for rendered HTML (used by the view tests). */
import { expect } from "bun:test";

export const EVIL = "<img src=x onerror=alert(1)>";
export const EVIL_ESCAPED = "&lt;img src=x onerror=alert(1)&gt;";

export function html(node: unknown): string {
  const out = (node as { toString(): unknown }).toString();
  if (typeof out !== "string" && !(out instanceof String)) throw new Error("asynchronous render");
  return String(out);
}

/** Real start tags (escaped text such as `&lt;img …&gt;` is not a tag). */
export function startTags(s: string): string[] {
  return s.match(/<[a-zA-Z][^>]*>/g) ?? [];
}

/** The attribute names of a start tag (values skipped, so escaped text inside them is ignored). */
export function attributeNames(tag: string): string[] {
  const body = tag.replace(/^<[a-zA-Z][^\s/>]*/, "");
  return [...body.matchAll(/([^\s"'>\/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g)].map((m) => m[1]!.toLowerCase());
}

/** No script, no inline style, no inline event handler, no image, no hx-on anywhere. */
export function expectInert(s: string, opts: { allowScriptSrc?: boolean } = {}) {
  for (const tag of startTags(s)) {
    const names = attributeNames(tag);
    expect(names).not.toContain("style");
    expect(names.filter((n) => n.startsWith("on") || n.startsWith("hx-on"))).toEqual([]);
    expect(tag.toLowerCase().startsWith("<img")).toBe(false);
    if (tag.toLowerCase().startsWith("<script")) {
      expect(opts.allowScriptSrc).toBe(true);
      expect(tag).toMatch(/^<script defer="" src="\/assets\/[a-z.-]+\.js"><?/);
    }
  }
  expect(s).not.toMatch(/<style/i);
}

export function countOf(s: string, needle: string): number {
  return s.split(needle).length - 1;
}
