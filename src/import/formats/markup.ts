/**
 * One linear pass over XML (camt) or OFX's SGML: tags, text, CDATA; comments, processing
 * instructions and declarations are passed over; a DOCTYPE is refused before anything is read
 * (no entity tricks: XXE, billion laughs). Every character is looked at a bounded number of
 * times, whatever the nesting (SPEC §13.1), and every problem names the file and the line.
 *
 * Written here rather than taken from fast-xml-parser: that parser builds the whole document as
 * objects (a 40 MB camt file took 2 GB), refuses deep nesting with an untyped error, cannot read
 * OFX 1.x (SGML with unclosed tags) and cannot hand over one entry at a time. This pass keeps only
 * the element being read.
 */
import { ImportInputError } from "../../core/errors.ts";

export type MarkupHandler = {
  /** `attrs`: the raw text between the name and `>` (read with `attribute`). */
  open(name: string, attrs: string, line: number): void;
  /** Raw text between tags (entities not decoded yet: `decodeEntities`), or a CDATA section's content (`cdata`). */
  text(raw: string, line: number, cdata: boolean): void;
  close(name: string, line: number): void;
};

export type MarkupOptions = {
  fileName: string;
  /** XML: every tag closed in order, else refused. SGML (OFX 1.x): unclosed tags are the reader's business. */
  strict: boolean;
  /** Where to start (lines are still counted from the start of `src`). */
  start?: number;
};

const NAME = /^[A-Za-z_][\w.\-]*(?::[A-Za-z_][\w.\-]*)?$/;

/** The local name: namespace prefixes dropped, so one reader serves every camt version. */
const localName = (qualified: string) => {
  const colon = qualified.indexOf(":");
  return colon < 0 ? qualified : qualified.slice(colon + 1);
};

export function scanMarkup(src: string, h: MarkupHandler, o: MarkupOptions): void {
  const n = src.length;
  let i = o.start ?? 0;
  // The line of a position, positions only ever moving forward: each newline is looked at once (a cached next
  // newline, not a search from the last position, which is quadratic on one long line of tags).
  let line = 1;
  let nextNewline = src.indexOf("\n");
  const lineOf = (pos: number) => {
    while (nextNewline >= 0 && nextNewline < pos) {
      line++;
      nextNewline = src.indexOf("\n", nextNewline + 1);
    }
    return line;
  };
  const fail = (pos: number, what: string): never => {
    throw new ImportInputError(`${o.fileName}: line ${lineOf(pos)}: ${o.strict ? "the XML is not well-formed" : "the file is not well-formed"} (${what}); is the file complete?`);
  };
  const open: { name: string; line: number }[] = [];
  while (i < n) {
    const lt = src.indexOf("<", i);
    const end = lt < 0 ? n : lt;
    if (end > i) h.text(src.slice(i, end), lineOf(i), false);
    if (lt < 0) break;
    const next = src.charCodeAt(lt + 1);
    if (next === 33 /* ! */) {
      if (src.startsWith("<!--", lt)) {
        const e = src.indexOf("-->", lt + 4);
        if (e < 0) fail(lt, "a comment <!-- is never closed");
        i = e + 3;
        continue;
      }
      if (src.startsWith("<![CDATA[", lt)) {
        const e = src.indexOf("]]>", lt + 9);
        if (e < 0) fail(lt, "a CDATA section is never closed");
        h.text(src.slice(lt + 9, e), lineOf(lt), true);
        i = e + 3;
        continue;
      }
      if (/^<!DOCTYPE/i.test(src.slice(lt, lt + 9))) {
        throw new ImportInputError(`${o.fileName}: line ${lineOf(lt)}: the ${o.strict ? "XML" : "file"} declares a DOCTYPE, which is refused (statements never need one)`);
      }
      const e = src.indexOf(">", lt);
      if (e < 0) fail(lt, "a declaration <! is never closed");
      i = e + 1;
      continue;
    }
    if (next === 63 /* ? */) {
      const e = src.indexOf("?>", lt + 2);
      if (e < 0) fail(lt, "a processing instruction <? is never closed");
      i = e + 2;
      continue;
    }
    // The tag ends at the first ">" outside a quoted attribute value.
    let gt = lt + 1;
    let quote = 0;
    for (; gt < n; gt++) {
      const c = src.charCodeAt(gt);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 34 || c === 39) quote = c;
      else if (c === 62 /* > */) break;
      else if (c === 60 /* < */ && !o.strict) break;
    }
    if (gt >= n) fail(lt, "a tag is never closed with >");
    const body = src.slice(lt + 1, gt);
    if (src.charCodeAt(gt) === 60) {
      // SGML: a lone "<" in text ("A < B"): it is text.
      h.text("<", lineOf(lt), false);
      i = lt + 1;
      continue;
    }
    i = gt + 1;
    if (body.charCodeAt(0) === 47 /* / */) {
      const name = body.slice(1).trim();
      if (!NAME.test(name)) {
        if (o.strict) fail(lt, `"<${body}>" is no tag`);
        continue;
      }
      const local = localName(name);
      if (o.strict) {
        const top = open.pop();
        if (!top) fail(lt, `</${name}> closes nothing`);
        if (top!.name !== name) fail(lt, `</${name}> where </${top!.name}> (opened on line ${top!.line}) was expected`);
      }
      h.close(local, lineOf(lt));
      continue;
    }
    const selfClosing = body.charCodeAt(body.length - 1) === 47;
    const inner = selfClosing ? body.slice(0, -1) : body;
    let cut = 0;
    while (cut < inner.length && !/\s/.test(inner[cut]!)) cut++;
    const name = inner.slice(0, cut);
    if (!NAME.test(name)) {
      if (o.strict) fail(lt, `"<${body.slice(0, 40)}>" is no tag`);
      h.text(`<${body}>`, lineOf(lt), false);
      continue;
    }
    const at = lineOf(lt);
    const local = localName(name);
    h.open(local, inner.slice(cut), at);
    if (selfClosing) h.close(local, at);
    else if (o.strict) open.push({ name, line: at });
  }
  if (o.strict && open.length > 0) {
    const top = open[open.length - 1]!;
    throw new ImportInputError(
      `${o.fileName}: line ${lineOf(n)}: the XML is not well-formed (it ends inside <${top.name}>, opened on line ${top.line}); is the file complete?`,
    );
  }
}

/** The named entities decoded: XML's five and nbsp. */
export const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** A numeric reference ("#252", "#xFC") as its code point, or null when it names no character (beyond U+10FFFF, a surrogate). */
export function codePointOf(ref: string): number | null {
  const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
  return code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? null : code;
}

/**
 * Entity and character references decoded (`M&#252;ller` → Müller). A reference to no character
 * at all (`&#99999999;`, a surrogate) is refused with its line; one to a control character is
 * decoded here and removed with every other control character by cleanText.
 */
export function decodeEntities(raw: string, where: () => string): string {
  if (raw.indexOf("&") < 0) return raw;
  return raw.replace(/&(#[xX][0-9a-fA-F]{1,8}|#[0-9]{1,10}|[A-Za-z][A-Za-z0-9]{0,15});/g, (all, ref: string) => {
    if (ref[0] !== "#") return NAMED[ref] ?? all;
    const code = codePointOf(ref);
    if (code === null) throw new ImportInputError(`${where()}: "${all}" refers to no character`);
    return String.fromCodePoint(code);
  });
}

/** One attribute's value from a tag's raw attribute text (`Ccy="CHF"`), or undefined. */
export function attribute(attrs: string, name: string): string | undefined {
  if (attrs === "") return undefined;
  const m = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(attrs);
  return m ? (m[2] ?? m[3]) : undefined;
}

/** An element read in full: its attributes, its own text, its children. */
export type XNode = { name: string; attrs: string; text: string; line: number; children: XNode[] };

/**
 * Strict XML read element by element: `capture(name, path)` says at each start tag whether that
 * element is wanted whole; a wanted element is built as a small tree and handed to `done` when it
 * closes, then dropped. Everything else only moves `path`, so memory holds one element at a time.
 */
export function captureElements(
  src: string,
  o: MarkupOptions & {
    capture(name: string, path: readonly string[]): boolean;
    done(node: XNode, path: readonly string[]): void;
    /** Start and end tags outside captured elements. */
    enter?(name: string, path: readonly string[], line: number): void;
    leave?(name: string, path: readonly string[], line: number): void;
  },
): void {
  const path: string[] = [];
  const stack: XNode[] = [];
  scanMarkup(
    src,
    {
      open(name, attrs, line) {
        if (stack.length > 0 || o.capture(name, path)) {
          const node: XNode = { name, attrs, text: "", line, children: [] };
          stack[stack.length - 1]?.children.push(node);
          stack.push(node);
        } else o.enter?.(name, path, line);
        path.push(name);
      },
      text(raw, line, cdata) {
        const top = stack[stack.length - 1];
        if (!top) return;
        top.text += cdata ? raw : decodeEntities(raw, () => `${o.fileName}: line ${line}`);
      },
      close(name, line) {
        path.pop();
        const node = stack.pop();
        if (!node) o.leave?.(name, path, line);
        else if (stack.length === 0) o.done(node, path);
      },
    },
    o,
  );
}

/** The first descendant along these names (`child(entry, "BookgDt", "Dt")`), or undefined. Iterative: nesting costs no stack. */
export function child(node: XNode | undefined, ...names: string[]): XNode | undefined {
  let cur = node;
  for (const name of names) {
    if (!cur) return undefined;
    let found: XNode | undefined;
    for (const c of cur.children) {
      if (c.name === name) {
        found = c;
        break;
      }
    }
    cur = found;
  }
  return cur;
}

export function childrenNamed(node: XNode | undefined, name: string): XNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}

/** An element's own text, trimmed, or undefined when empty. */
export function textOf(node: XNode | undefined): string | undefined {
  const t = node?.text.trim();
  return t ? t : undefined;
}

export const textAt = (node: XNode | undefined, ...names: string[]) => textOf(child(node, ...names));
