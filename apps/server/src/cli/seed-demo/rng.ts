// Deterministic randomness: sfc32 seeded through splitmix32, one stream per phase, so that asking
// for more events does not change the customers or the orders.

export interface Rng {
  /** [0, 1) */
  next(): number;
  int(maxExclusive: number): number;
  between(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Index drawn with the given cumulative weights (see cumulative()). */
  weighted(cumulativeWeights: Float64Array): number;
  digits(n: number): string;
  chars(alphabet: string, n: number): string;
  uuid(): string;
}

export function createRng(...seedParts: Array<number | string>): Rng {
  let h = 0x9e3779b9;
  for (const part of seedParts) {
    const text = String(part);
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x85ebca6b) ^ (h >>> 13);
    h = Math.imul(h ^ 0x2c, 0xc2b2ae35);
  }
  const splitmix = () => {
    h = (h + 0x9e3779b9) | 0;
    let z = h;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const rng: Rng = {
    next,
    int: (max) => Math.floor(next() * max),
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted: (cum) => {
      const target = next() * cum[cum.length - 1]!;
      let lo = 0;
      let hi = cum.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cum[mid]! > target) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    },
    digits: (n) => {
      let out = String(1 + Math.floor(next() * 9));
      while (out.length < n) out += Math.floor(next() * 10);
      return out;
    },
    chars: (alphabet, n) => {
      let out = '';
      for (let i = 0; i < n; i++) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    },
    uuid: () => {
      const hex = rng.chars('0123456789abcdef', 32);
      const variant = '89ab'[Math.floor(next() * 4)];
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
    },
  };
  return rng;
}

export function cumulative(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += Math.max(0, w);
    out[i] = sum;
  });
  return out;
}

/** The alphabet of the payment sessions' and refunds' random ids. */
export const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `count` of `items`, drawn without repeats (a partial Fisher-Yates shuffle of a copy). */
export function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + rng.int(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

/** A standard normal draw (Box-Muller). */
export function normal(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}
