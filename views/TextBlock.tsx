import { raw } from "hono/html";
import { domIds } from "../src/ui/dom-ids.ts";
import { blockHtml, type FigureMark } from "../src/ui/figure-marks.ts";
import { finishedSegments, textSegments } from "../src/ui/turn-model.ts";

/**
 * One block of answer text (the text between two other blocks): its finished paragraphs
 * as sanitised markdown (`.tb-done`) and, while it streams (`open`), its unfinished
 * paragraph as plain text (`.tb-live`), which the stream appends to. Each paragraph is
 * rendered on its own, the same way the stream sends it (src/web/sse-renderer.ts), with
 * the marks of its checked figures once the answer has them (`marks`, per paragraph).
 */
export function TextBlock({ turnId, n, text, open = false, marks }: { turnId: string; n: number; text: string; open?: boolean; marks?: FigureMark[][] }) {
  const { segments, rest } = textSegments(text);
  const done = open ? segments : finishedSegments(text);
  return (
    <div class="tb md" id={domIds.block(turnId, n)}>
      <div class="tb-done" id={domIds.blockDone(turnId, n)}>
        {raw(blockHtml(done, marks, domIds.figureNotes(turnId)))}
      </div>
      <div class="tb-live" id={domIds.blockLive(turnId, n)}>
        {open ? rest : ""}
      </div>
    </div>
  );
}
