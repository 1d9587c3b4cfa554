/** One filter of the Transactions page as a select: "All …" (empty value) and the given options, the current one selected. */
export function FilterSelect(p: { name: string; label: string; all: string; options: readonly string[]; selected: string }) {
  const id = `tx-${p.name}`;
  return (
    <div class="field">
      <label for={id}>{p.label}</label>
      <select id={id} name={p.name}>
        <option value="">{p.all}</option>
        {p.options.map((o) => (
          <option value={o} selected={o === p.selected}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}
