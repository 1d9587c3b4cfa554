import type { Child } from "hono/jsx";

/**
 * A column's header cell: its name, or `head` (any content: a name for screen readers only, a sort
 * button, a select) with `num` for a column of numbers (right-aligned, `.num`) and `sortable` for a
 * header that sorts its column (`aria-sort`, which app.js updates).
 */
export type Column = string | { head: Child; num?: boolean; sortable?: boolean };

/** Columns of numbers, by name. */
export function numeric(...heads: string[]): Column[] {
  return heads.map((head) => ({ head, num: true }));
}

/**
 * A table that scrolls sideways inside its own region when it is wider than the page: the region
 * is named (`label`) and reachable by keyboard (tabindex 0) so that its hidden part can be scrolled
 * into view without a mouse (axe: scrollable-region-focusable). `class` adds to the region's
 * classes, `table` are the table's own attributes; `children` are the body's rows, `foot` the
 * footer's. A column given as null is left out (a column shown only sometimes).
 */
export function ScrollTable(p: {
  label: string;
  class?: string;
  table?: Record<string, string>;
  caption?: Child;
  columns: (Column | null)[];
  foot?: Child;
  children: Child;
}) {
  return (
    <div class={p.class ? `table-scroll ${p.class}` : "table-scroll"} tabindex={0} role="region" aria-label={p.label}>
      <table {...p.table}>
        {p.caption}
        <thead>
          <tr>
            {p.columns.map((c) =>
              c === null ? null : typeof c === "string" ? (
                <th scope="col">{c}</th>
              ) : (
                <th scope="col" class={c.num ? "num" : undefined} aria-sort={c.sortable ? "none" : undefined}>
                  {c.head}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{p.children}</tbody>
        {p.foot === undefined ? null : <tfoot>{p.foot}</tfoot>}
      </table>
    </div>
  );
}
