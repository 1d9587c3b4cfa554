import { raw } from "hono/html";
import { domIds } from "../src/ui/dom-ids.ts";
import { renderMarkdown } from "../src/ui/markdown.ts";

/** One block of answer text (the text between two tool calls), as sanitised markdown. */
export function TextBlock({ turnId, index, text }: { turnId: string; index: number; text: string }) {
  return (
    <div class="tb md" id={domIds.block(turnId, index)}>
      {raw(renderMarkdown(text))}
    </div>
  );
}
