import type { Tokens } from "marked";
import { lazy } from "../core/lazy.ts";
import { escapeHtml } from "../core/html.ts";

/**
 * Model output → safe HTML, by construction:
 * - raw HTML (block and inline) is shown as escaped text, never passed through;
 * - images are never rendered: the alt text and the URL appear as plain text
 *   (no remote request can leave the page);
 * - links only for absolute http:, https: and mailto: URLs (checked after entity
 *   decoding and URL parsing); anything else is its text only. Links open in a new tab
 *   with rel="noopener noreferrer nofollow".
 * A second pass (HTMLRewriter) keeps only an allowlist of tags and attributes, as
 * defence in depth should a future marked version emit something unexpected.
 */


const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", colon: ":", tab: "\t", newline: "\n", nbsp: " " };

/** Decodes the character references a browser would decode in an attribute (enough to judge a URL's scheme). */
function decodeEntities(s: string): string {
  let prev: string;
  let out = s;
  // Repeat: marked may hand over text that was escaped once already.
  do {
    prev = out;
    out = out.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, body: string) => {
      if (body[0] === "#") {
        const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : "";
      }
      const named = NAMED[body.toLowerCase()];
      return named ?? m;
    });
  } while (out !== prev);
  return out;
}

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** The normalised URL when it is an absolute http(s)/mailto URL, else null. */
export function safeHref(href: string | null | undefined): string | null {
  if (!href) return null;
  // Browsers drop ASCII tab/newline and trim C0 controls and spaces before parsing.
  const cleaned = decodeEntities(href).replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  let url: URL;
  try {
    url = new URL(cleaned);
  } catch {
    return null; // relative or malformed
  }
  if (!SAFE_PROTOCOLS.has(url.protocol)) return null;
  if (url.protocol !== "mailto:" && !url.hostname) return null;
  return url.href;
}

const MAX_URL_TEXT = 200;

function urlAsText(href: string): string {
  return href.length > MAX_URL_TEXT ? `${href.slice(0, MAX_URL_TEXT)}…` : href;
}

/**
 * marked, loaded at the first Markdown rendered or read (an answer, an export) rather than at start:
 * its module builds a hundred regular expressions, and the first page needs none of them.
 */
export const markedModule = lazy(() => require("marked") as typeof import("marked"));

const marked = lazy(() => new (markedModule().Marked)({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag): string {
      const text = escapeHtml(token.text);
      return "block" in token && token.block ? `<p>${text}</p>\n` : text;
    },
    image(token: Tokens.Image): string {
      const alt = token.text ? escapeHtml(token.text) : "image";
      return `[${alt}: ${escapeHtml(urlAsText(token.href ?? ""))}]`;
    },
    link(token: Tokens.Link): string {
      const inner = token.tokens?.length ? this.parser.parseInline(token.tokens) : escapeHtml(token.text);
      const href = safeHref(token.href);
      if (!href) return inner;
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
      return `<a href="${escapeHtml(href)}"${title} rel="noopener noreferrer nofollow" target="_blank">${inner}</a>`;
    },
    text(token: Tokens.Text | Tokens.Escape): string | false {
      if ("tokens" in token && token.tokens) return this.parser.parseInline(token.tokens);
      // Text inside a raw <pre>/<script> region comes unescaped from the lexer: escape it here.
      if ("escaped" in token && token.escaped) return escapeHtml(token.text);
      return false; // marked's own (escaping) renderer
    },
  },
}));

/** Tag → attributes it may keep. Everything else is unwrapped (tag dropped, text kept). */
const ALLOWED: Record<string, string[]> = {
  p: [], br: [], hr: [], strong: [], em: [], del: [], code: ["class"], pre: [], blockquote: [],
  ul: [], ol: ["start"], li: [], h1: [], h2: [], h3: [], h4: [], h5: [], h6: [],
  table: [], thead: [], tbody: [], tr: [], th: ["align"], td: ["align"],
  a: ["href", "title", "rel", "target"], input: ["type", "checked", "disabled"],
};
/** Elements whose content must go too, should one ever appear. */
const DROP_WITH_CONTENT = new Set(["script", "style", "template", "iframe", "object", "embed", "svg", "math", "noscript", "textarea", "title"]);

const allowlist = new HTMLRewriter().on("*", {
  element(el) {
    const tag = el.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      el.remove();
      return;
    }
    const allowed = ALLOWED[tag];
    if (!allowed) {
      el.removeAndKeepContent();
      return;
    }
    for (const [name, value] of [...el.attributes]) {
      const n = name.toLowerCase();
      let ok = allowed.includes(n);
      if (ok && n === "href") ok = safeHref(value) !== null;
      if (ok && n === "class") ok = /^language-[\w+#.-]{1,40}$/.test(value);
      if (ok && n === "type") ok = value === "checkbox";
      if (ok && n === "target") ok = value === "_blank";
      if (!ok) el.removeAttribute(name);
    }
    if (tag === "input") el.setAttribute("disabled", "");
    if (tag === "a") {
      el.setAttribute("rel", "noopener noreferrer nofollow");
      el.setAttribute("target", "_blank");
    }
  },
});

/** Markdown (GFM: lists, bold, tables, code) → sanitised HTML. */
export function renderMarkdown(text: string): string {
  const html = marked().parse(text ?? "", { async: false }) as string;
  return allowlist.transform(html);
}
