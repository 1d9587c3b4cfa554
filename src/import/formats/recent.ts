/**
 * What a pure function gave for the values seen lately: a statement's rows repeat their dates (a few hundred days
 * a year, many rows a day), so reading each date once, not once a row, saves most of that work. Everything is
 * forgotten once `max` values are held, so a file of a million different values costs no more memory than that.
 */
export class Recent<K, V> {
  private readonly seen = new Map<K, V>();

  constructor(
    private readonly of: (key: K) => V,
    private readonly max = 4096,
  ) {}

  get(key: K): V {
    const v = this.seen.get(key);
    if (v !== undefined || this.seen.has(key)) return v as V;
    if (this.seen.size >= this.max) this.seen.clear();
    const computed = this.of(key);
    this.seen.set(key, computed);
    return computed;
  }
}
