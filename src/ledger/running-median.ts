/**
 * The median and the MAD (median absolute deviation) of a growing multiset of numbers,
 * exact, with the usual rule for an even count (the mean of the two middle values).
 *
 * Why not sort each time: unusual_transactions asks, for every payment, about all the
 * same merchant's EARLIER payments (SPEC §2), which at 1M rows is a million growing
 * prefixes. Values are known up front, so each is a rank among the sorted distinct values
 * and the multiset is a Fenwick tree of counts over the ranks: adding is O(log u), the
 * k-th smallest O(log u), the median O(log u), the MAD O(log² u) (the k-th smallest
 * deviation is found by binary search on both sides of the median).
 */
/** Far below a cent, far above the rounding of sums of amounts. */
const SLACK = 1e-9;

export class RunningMedian {
  private readonly tree: Int32Array;
  private readonly size: number;
  private readonly top: number;
  count = 0;

  /** `values`: the sorted distinct values that will ever be added (ascending). */
  constructor(private readonly values: Float64Array) {
    this.size = values.length;
    this.tree = new Int32Array(this.size + 1);
    let top = 1;
    while (top * 2 <= this.size) top *= 2;
    this.top = top;
  }

  /**
   * A multiset that already holds `counts[r]` times the value of rank r: built in O(u), so a
   * long history need not be added value by value (the add loop plus its rank lookups is what
   * a million earlier payments would cost).
   */
  static of(values: Float64Array, counts: Int32Array): RunningMedian {
    const m = new RunningMedian(values);
    const tree = m.tree;
    for (let r = 0; r < counts.length; r++) {
      tree[r + 1]! += counts[r]!;
      m.count += counts[r]!;
    }
    for (let i = 1; i <= m.size; i++) {
      const parent = i + (i & -i);
      if (parent <= m.size) tree[parent]! += tree[i]!;
    }
    return m;
  }

  /** Adds the value of rank r (its index in `values`). */
  add(rank: number): void {
    this.count++;
    for (let i = rank + 1; i <= this.size; i += i & -i) this.tree[i]!++;
  }

  /** How many added values have a rank < r. */
  private below(r: number): number {
    let n = 0;
    for (let i = r; i > 0; i -= i & -i) n += this.tree[i]!;
    return n;
  }

  /** The k-th smallest added value (k from 1). */
  kth(k: number): number {
    let pos = 0;
    for (let step = this.top; step > 0; step >>= 1) {
      const next = pos + step;
      if (next <= this.size && this.tree[next]! < k) {
        pos = next;
        k -= this.tree[next]!;
      }
    }
    return this.values[pos]!;
  }

  median(): number {
    const n = this.count;
    return n % 2 ? this.kth((n + 1) / 2) : (this.kth(n / 2) + this.kth(n / 2 + 1)) / 2;
  }

  /** How many added values lie within d of m (a hair of slack: m ± d is rounded like any sum). */
  within(m: number, d: number): number {
    return this.below(upper(this.values, m + d + SLACK)) - this.below(lower(this.values, m - d - SLACK));
  }

  /** The k-th smallest |x − m| over the added values. */
  private kthDeviation(m: number, k: number): number {
    // Candidates above m: values[j] − m ascending in j; below m: m − values[j] ascending as j falls.
    const vs = this.values;
    const mid = lower(vs, m);
    let best = Number.POSITIVE_INFINITY;
    let lo = mid;
    let hi = this.size - 1;
    while (lo <= hi) {
      const j = (lo + hi) >> 1;
      if (this.within(m, vs[j]! - m) >= k) {
        best = Math.min(best, vs[j]! - m);
        hi = j - 1;
      } else lo = j + 1;
    }
    lo = 0;
    hi = mid - 1;
    while (lo <= hi) {
      const j = (lo + hi) >> 1;
      if (this.within(m, m - vs[j]!) >= k) {
        best = Math.min(best, m - vs[j]!);
        lo = j + 1;
      } else hi = j - 1;
    }
    return best;
  }

  /** The median absolute deviation from `m` (the median). */
  mad(m: number): number {
    const n = this.count;
    return n % 2 ? this.kthDeviation(m, (n + 1) / 2) : (this.kthDeviation(m, n / 2) + this.kthDeviation(m, n / 2 + 1)) / 2;
  }
}

/** First index with vs[i] ≥ x (vs ascending). */
export function lower(vs: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = vs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (vs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index with vs[i] > x. */
function upper(vs: Float64Array, x: number): number {
  let lo = 0;
  let hi = vs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (vs[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The sorted distinct values of `xs` and how often each occurs. */
export function distinctCounts(xs: Float64Array): { values: Float64Array; counts: Int32Array } {
  const s = Float64Array.from(xs).sort();
  const counts = new Int32Array(s.length);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    if (i === 0 || s[i] !== s[n - 1]) s[n++] = s[i]!;
    counts[n - 1]!++;
  }
  return { values: s.slice(0, n), counts: counts.slice(0, n) };
}
