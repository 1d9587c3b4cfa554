import type { NoticeKind } from "../src/core/vocab.ts";

/** A note about how the answer ended (stopped, cut short, refused…). */
export function Notice({ kind, message }: { kind: NoticeKind; message: string }) {
  return (
    <div class={`notice notice-${kind}`} data-kind={kind}>
      <span>{message}</span>
    </div>
  );
}
