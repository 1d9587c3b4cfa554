import { type Usage } from "../src/core/events.ts";
import { formatCount } from "../src/core/format.ts";

/** "1'500 in · 65 out · 4'200 cache read · 3'000 cache write" (cache write only when there was one). */
export function usageText(usage: Usage): string {
  const parts = [
    `${formatCount(usage.input_tokens)} in`,
    `${formatCount(usage.output_tokens)} out`,
    `${formatCount(usage.cache_read_input_tokens)} cache read`,
  ];
  if (usage.cache_creation_input_tokens) parts.push(`${formatCount(usage.cache_creation_input_tokens)} cache write`);
  return parts.join(" · ");
}

/** Token usage of a turn, small and unobtrusive (the content of footer.usage). */
export function UsageLine({ usage }: { usage: Usage }) {
  return <small class="usage-line">Tokens: {usageText(usage)}</small>;
}
