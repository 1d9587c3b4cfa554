/** Deterministic randomness for the demo generator: the same seed gives the same stream everywhere. */
// ---------------------------------------------------------------------------------
// PRNG: sfc32 seeded through splitmix32, integer arithmetic only, so the same seed
// gives the same stream everywhere.

function splitmix32(state: number): () => number {
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let t = state ^ (state >>> 16);
    t = Math.imul(t, 0x21f0aaad);
    t ^= t >>> 15;
    t = Math.imul(t, 0x735a2d97);
    return (t ^ (t >>> 15)) >>> 0;
  };
}

/** Murmur3's 32-bit finaliser: a bijection on 32-bit integers. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return fmix32(h);
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(...seeds: number[]) {
    let s = 0x5eed;
    for (const x of seeds) s = fmix32((s ^ fmix32(x >>> 0)) + 0x9e3779b9);
    const sm = splitmix32(s);
    this.a = sm();
    this.b = sm();
    this.c = sm();
    this.d = sm();
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t0 = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    const t = (t0 + this.d) | 0;
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Approximately standard normal (Irwin–Hall of 6 uniforms): cheap and exactly reproducible. */
  normal(): number {
    return (this.next() + this.next() + this.next() + this.next() + this.next() + this.next() - 3) * Math.SQRT2;
  }
}

export class Picker<T> {
  readonly items: T[];
  private readonly cum: number[];
  readonly total: number;

  constructor(items: T[], weights: number[]) {
    this.items = [];
    this.cum = [];
    let sum = 0;
    items.forEach((item, i) => {
      if (!(weights[i]! > 0)) return;
      sum += weights[i]!;
      this.items.push(item);
      this.cum.push(sum);
    });
    this.total = sum;
  }

  pick(rng: Rng): T {
    const x = rng.next() * this.total;
    const cum = this.cum;
    for (let i = 0; i < cum.length; i++) if (x < cum[i]!) return this.items[i]!;
    return this.items[this.items.length - 1]!;
  }
}
