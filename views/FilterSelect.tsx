/** A select's option: its value in the URL and the words shown (an account's name for its number). */
export type FilterOption = { value: string; label: string };

/** One filter of the Transactions page as a select: "All …" (empty value) and the given options, the current one selected. */
export function FilterSelect(p: { name: string; label: string; all: string; options: readonly (string | FilterOption)[]; selected: string }) {
  const id = `tx-${p.name}`;
  return (
    <div class="field">
      <label for={id}>{p.label}</label>
      <select id={id} name={p.name}>
        <option value="">{p.all}</option>
        {p.options.map((o) => {
          const { value, label } = typeof o === "string" ? { value: o, label: o } : o;
          return (
            <option value={value} selected={value === p.selected}>
              {label}
            </option>
          );
        })}
      </select>
    </div>
  );
}
