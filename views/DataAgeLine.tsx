/** "data up to 31 Oct 2026 · last import 3 days ago": how current the data is, in words (src/transactions/data-age.ts). */
export function DataAgeLine({ text }: { text: string }) {
  return (
    <p class="data-age muted" id="data-age">
      {text}
    </p>
  );
}
