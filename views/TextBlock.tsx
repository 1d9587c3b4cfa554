import { raw } from "hono/html";
import { domIds } from "../src/ui/dom-ids.ts";
import { renderMarkdown } from "../src/ui/markdown.ts";
import { finishedSegments, textSegments } from "../src/ui/turn-model.ts";

/**
 * One block of answer text (the text between two other blocks): its finished paragraphs
 * as sanitised markdown (`.tb-done`) and, while it streams (`open`), its unfinished
 * paragraph as plain text (`.tb-live`), which the stream appends to. Each paragraph is
 * rendered on its own, the same way the stream sends it (src/web/sse-renderer.ts).
 */
export function TextBlock({ turnId, n, text, open = false }: { turnId: string; n: number; text: string; open?: boolean }) {
  const { segments, rest } = textSegments(text);
  const done = open ? segments : finishedSegments(text);
  return (
    <div class="tb md" id={domIds.block(turnId, n)}>
      <div class="tb-done" id={domIds.blockDone(turnId, n)}>
        {raw(done.map(renderMarkdown).join(""))}
      </div>
      <div class="tb-live" id={domIds.blockLive(turnId, n)}>
        {open ? rest : ""}
      </div>
    </div>
  );
}
