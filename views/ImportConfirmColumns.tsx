/**
 * A CSV nothing recognised, previewed with the columns the page proposed for it: the proposal is a guess, so the file
 * imports only once the user has checked it — changed a column on the mapping screen, or confirmed it as it is here.
 * Columns of amounts the proposal ignores are named (money the import would leave out); with its signs in doubt (said
 * beside "Flip signs"), confirming it keeps the signs as written, and says so. A saved layout's roles proposed for a
 * file of its header's names in another order, or with more (`why`), say so first.
 */
export function ImportConfirmColumns({ id, ignoredAmounts, signs, why }: { id: string; ignoredAmounts: string[]; signs: boolean; why: string | null }) {
  return (
    <div class="notice import-confirm-columns" role="note">
      {why ? <p class="import-guessed-why">{why}.</p> : null}
      <p>These columns are a guess: check what each one holds, then confirm.</p>
      {ignoredAmounts.length ? (
        <p>
          {ignoredAmounts.map((c) => `“${c}”`).join(", ")} {ignoredAmounts.length === 1 ? "holds amounts and is ignored." : "hold amounts and are ignored."} Choose Money out, Money in or
          Amount for {ignoredAmounts.length === 1 ? "it" : "them"} above if {ignoredAmounts.length === 1 ? "it is" : "they are"} money.
        </p>
      ) : null}
      {signs ? <p>Its signs are in doubt (see beside “Flip signs” above): confirmed as they are, the amounts are read with the signs as written.</p> : null}
      <button type="button" hx-post={`/import/${id}/settings?columns=chosen`} hx-target={`#file-${id}`} hx-swap="outerMorph">
        Use these columns
      </button>
    </div>
  );
}
