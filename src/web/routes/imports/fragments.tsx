/**
 * Small HTML fragments of the Import page that are no view of their own: a refusal's notice, and an import's progress
 * sent over its SSE stream.
 */
import type { SSEStreamingApi } from "hono/streaming";
import { ImportProgress } from "../../../../views/ImportProgress.tsx";
import { toHtml } from "../../sse-renderer.ts";

/** A refusal as a notice in the page (the same classes as views/ErrorNotice.tsx). */
export function errorNotice(message: string): string {
  return `<div class="notice notice-error import-problem" role="alert"><span class="error-message">${escapeText(message)}</span></div>`;
}

export function escapeText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Progress of an import, at most a few updates a second (each one small fragment into the file's status line). */
export function throttledProgress(stream: SSEStreamingApi): (label: string, done?: number, total?: number) => void {
  let last = 0;
  return (label, done, total) => {
    if (done !== undefined && total !== undefined) {
      // A step's own updates are thinned (its last one always goes); a new step always shows.
      if (done < total && Date.now() - last < 250) return;
      last = Date.now();
    }
    void stream.writeSSE({ data: toHtml(<ImportProgress label={label} done={done} total={total} />) });
  };
}
