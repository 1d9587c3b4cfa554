import type { Usage } from "../src/agent/events.ts";
import { formatCount } from "../src/web/format.ts";

/** Token usage of a turn, small and unobtrusive (the content of footer.usage). */
export function UsageLine({ usage }: { usage: Usage }) {
  return (
    <small class="usage-line">
      Tokens: {formatCount(usage.input_tokens)} in · {formatCount(usage.output_tokens)} out ·{" "}
      {formatCount(usage.cache_read_input_tokens)} cache read
    </small>
  );
}
