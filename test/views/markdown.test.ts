import { describe, expect, test } from "bun:test";
import { renderMarkdown, safeHref } from "../../src/ui/markdown.ts";

/** Every tag the output contains, lower-cased. */
function tags(html: string): string[] {
  return [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[1]!.toLowerCase());
}

function expectNoActiveContent(html: string) {
  const t = tags(html);
  for (const bad of ["script", "img", "iframe", "svg", "style", "object", "embed", "link", "meta", "form", "video", "audio", "source", "base"]) {
    expect(t).not.toContain(bad);
  }
  // Attributes of real tags only (escaped text may well say "onerror=").
  for (const tag of html.match(/<[a-zA-Z][^>]*>/g) ?? []) {
    expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
    expect(tag).not.toMatch(/\s(src|style|srcset|formaction|background)\s*=/i);
    expect(tag).not.toMatch(/href\s*=\s*"(?!https?:|mailto:)/i);
  }
}

describe("renderMarkdown: formatting", () => {
  test("GFM lists, bold, emphasis, tables", () => {
    const html = renderMarkdown("You spent **CHF 1'234.50** on *food*.\n\n- a\n- b\n\n1. x\n2. y\n\n| Category | Amount |\n|---|---:|\n| Groceries | CHF 5.00 |");
    expect(html).toContain("<strong>CHF 1&#39;234.50</strong>");
    expect(html).toContain("<em>food</em>");
    expect(html).toContain("<ul>\n<li>a</li>");
    expect(html).toContain("<ol>\n<li>x</li>");
    expect(html).toContain("<table>");
    expect(html).toContain("<th>Category</th>");
    expect(html).toContain('<td align="right">CHF 5.00</td>');
  });

  test("code stays text", () => {
    const html = renderMarkdown("```html\n<script>alert(1)</script>\n```\n\nand `<b>`");
    expect(html).toContain('<pre><code class="language-html">&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain("<code>&lt;b&gt;</code>");
    expectNoActiveContent(html);
  });
});

describe("renderMarkdown: raw HTML is text", () => {
  test.each([
    ["<img src=x onerror=alert(1)>"],
    ["text <img src=x onerror=alert(1)> inline"],
    ["<script>alert(1)</script>"],
    ["<div onclick=alert(1)>block</div>"],
    ['<a href="javascript:alert(1)">x</a>'],
    ["<pre>\n<img/src=x/onerror=alert(1)>\n</pre>"],
    ["x <pre>a < b <img/src=x/onerror=alert(1)> </pre>"],
    ["<svg><script>alert(1)</script></svg>"],
    ["<style>body{display:none}</style>"],
    ["<iframe src=//example.invalid></iframe>"],
    ['<p style="color:red">x</p>'],
    ["<!-- comment --> and <![CDATA[x]]>"],
  ])("%s", (src) => {
    const html = renderMarkdown(src);
    expectNoActiveContent(html);
    expect(html).toContain("&lt;");
  });

  test("the exact text survives, escaped", () => {
    expect(renderMarkdown("<img src=x onerror=alert(1)>")).toBe("<p>&lt;img src=x onerror=alert(1)&gt;</p>\n");
    expect(renderMarkdown("a <script>alert(1)</script> b")).toBe("<p>a &lt;script&gt;alert(1)&lt;/script&gt; b</p>\n");
  });

  test("html inside table cells", () => {
    const html = renderMarkdown("| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | <b>x</b> |");
    expect(html).toContain("<td>&lt;img src=x onerror=alert(1)&gt;</td>");
    expect(html).toContain("<td>&lt;b&gt;x&lt;/b&gt;</td>");
    expectNoActiveContent(html);
  });

  test("entities stay text and never become tags", () => {
    const html = renderMarkdown("&lt;script&gt;alert(1)&lt;/script&gt; and &#60;img src=x onerror=alert(1)&#62; and &amp;lt;b&amp;gt;");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&amp;lt;b&amp;gt;");
    expectNoActiveContent(html);
  });
});

describe("renderMarkdown: images never load", () => {
  test("remote image becomes alt text and URL", () => {
    const html = renderMarkdown("![x](http://example.invalid/leak?d=1)");
    expect(html).toBe("<p>[x: http://example.invalid/leak?d=1]</p>\n");
  });
  test("data: and reference images", () => {
    expectNoActiveContent(renderMarkdown("![d](data:image/png;base64,AAAA)"));
    const html = renderMarkdown("![ref][r]\n\n[r]: http://example.invalid/p.png");
    expect(html).toContain("[ref: http://example.invalid/p.png]");
    expectNoActiveContent(html);
  });
  test("an image inside a link", () => {
    const html = renderMarkdown("[![x](http://example.invalid/i.png)](https://example.com)");
    expectNoActiveContent(html);
    expect(html).toContain('href="https://example.com/"');
  });
});

describe("renderMarkdown: links", () => {
  test("https links open safely in a new tab", () => {
    const html = renderMarkdown('[ok](https://example.com/a?b=1&c=2 "t")');
    expect(html).toBe('<p><a href="https://example.com/a?b=1&amp;c=2" title="t" rel="noopener noreferrer nofollow" target="_blank">ok</a></p>\n');
  });
  test.each([
    ["[a](javascript:alert(1))"],
    ["[a](JAVASCRIPT:alert(1))"],
    ["[a](jav&#x61;script:alert(1))"],
    ["[a](java\tscript:alert(1))"],
    ["[a](  javascript:alert(1))"],
    ["[a](vbscript:msgbox(1))"],
    ["[a](data:text/html,<script>alert(1)</script>)"],
    ["[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["[a](file:///etc/passwd)"],
    ["[a](/conversations/x)"],
    ["[a](//example.com/x)"],
    ["[a][r]\n\n[r]: javascript:alert(1)"],
  ])("%s is plain text", (src) => {
    const html = renderMarkdown(src);
    expect(html).not.toContain("<a ");
    expect(html).toContain("a");
    expectNoActiveContent(html);
  });
  test("autolinks: URL, www, email, mailto", () => {
    const html = renderMarkdown("<https://example.com> www.example.com foo@example.com <mailto:x@y.z>");
    expect(html).toContain('<a href="https://example.com/" rel="noopener noreferrer nofollow" target="_blank">https://example.com</a>');
    expect(html).toContain('<a href="http://www.example.com/"');
    expect(html).toContain('<a href="mailto:foo@example.com"');
    expect(html).toContain('<a href="mailto:x@y.z"');
    expect(html.match(/rel="noopener noreferrer nofollow"/g)).toHaveLength(4);
  });
  test("an autolink to javascript: is not a link", () => {
    const html = renderMarkdown("<javascript:alert(1)>");
    expect(html).not.toContain("<a ");
    expectNoActiveContent(html);
  });
  test("safeHref", () => {
    expect(safeHref("https://example.com")).toBe("https://example.com/");
    expect(safeHref("mailto:a@b.c")).toBe("mailto:a@b.c");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("&#106;avascript:alert(1)")).toBeNull();
    expect(safeHref("&amp;#106;avascript:alert(1)")).toBeNull();
    expect(safeHref("http:")).toBeNull();
    expect(safeHref("")).toBeNull();
  });
});

test("task lists are inert checkboxes", () => {
  const html = renderMarkdown("- [ ] todo\n- [x] done");
  expect(html).toContain('<input disabled="" type="checkbox">');
  expect(html).toContain('<input checked="" disabled="" type="checkbox">');
});
