/**
 * Over-representation statistics for gene-list enrichment, in log space so that tables with
 * thousands of genes neither overflow nor underflow. Pure functions: no I/O.
 */

const LANCZOS_G = 7;
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos approximation, g = 7; about 15 significant digits). */
export function logGamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`logGamma needs x > 0, got ${x}`);
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS_G + 2; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + LANCZOS_G + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** ln C(n, k); -Infinity when k is outside 0..n. */
export function logChoose(n: number, k: number): number {
  if (k < 0 || k > n) return Number.NEGATIVE_INFINITY;
  if (k === 0 || k === n) return 0;
  return logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);
}

/** ln P(X = k) for X ~ Hypergeometric(population N, successes K, draws n). */
export function logHypergeometricPmf(k: number, N: number, K: number, n: number): number {
  return logChoose(K, k) + logChoose(N - K, n - k) - logChoose(N, n);
}

function checkCounts(k: number, N: number, K: number, n: number): void {
  for (const [name, v] of [
    ["k", k],
    ["N", N],
    ["K", K],
    ["n", n],
  ] as const) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative integer`);
  }
  if (K > N || n > N) throw new RangeError("K and n cannot exceed N");
}

/**
 * One-sided (over-representation) p-value P(X ≥ k) of the hypergeometric distribution: the chance
 * that n genes drawn from N, of which K carry the term, include k or more carrying it.
 * Summed in log space (log-sum-exp) and stopped once further terms cannot change the result.
 */
export function hypergeometricUpperTail(k: number, N: number, K: number, n: number): number {
  checkCounts(k, N, K, n);
  const lo = Math.max(k, 0, n - (N - K));
  const hi = Math.min(K, n);
  if (lo > hi) return 0;
  if (lo === 0 && k <= 0) return 1;
  const mode = Math.floor(((n + 1) * (K + 1)) / (N + 2));
  // ln P(X = lo) once; then the ratio P(i+1)/P(i) = (K-i)(n-i) / ((i+1)(N-K-n+i+1)).
  let logTerm = logHypergeometricPmf(lo, N, K, n);
  let logMax = logTerm;
  let sum = 1; // sum of exp(logTerm - logMax)
  for (let i = lo + 1; i <= hi; i++) {
    logTerm += Math.log(((K - i + 1) * (n - i + 1)) / (i * (N - K - n + i)));
    if (logTerm > logMax) {
      sum = sum * Math.exp(logMax - logTerm) + 1;
      logMax = logTerm;
    } else {
      const ratio = Math.exp(logTerm - logMax);
      sum += ratio;
      // Past the mode the terms only shrink: stop when they no longer count.
      if (i > mode && ratio < 1e-17 * sum) break;
    }
  }
  return Math.min(1, Math.exp(logMax + Math.log(sum)));
}

/**
 * Fisher's exact test, one-sided for over-representation, of the 2×2 table
 *   [[a, b], [c, d]] = [[in list & term, in list & not term], [not list & term, not list & not term]].
 * It equals the hypergeometric upper tail with N = a+b+c+d, K = a+c, n = a+b, k = a.
 */
export function fisherExactGreater(a: number, b: number, c: number, d: number): number {
  return hypergeometricUpperTail(a, a + b + c + d, a + c, a + b);
}

/**
 * Benjamini–Hochberg adjusted p-values (FDR), in the input order: p·m/rank, made monotone
 * (a smaller p never gets a larger FDR) and capped at 1. `m` is the number of hypotheses tested;
 * it may exceed pValues.length when the other hypotheses have p = 1 (terms no gene of the list carries).
 */
export function benjaminiHochberg(pValues: readonly number[], m: number = pValues.length): number[] {
  if (m < pValues.length) throw new RangeError("m cannot be smaller than the number of p-values");
  const order = pValues.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p || x.i - y.i);
  const adjusted = new Array<number>(pValues.length);
  let running = 1;
  for (let r = order.length - 1; r >= 0; r--) {
    const { p, i } = order[r]!;
    running = Math.min(running, (p * m) / (r + 1));
    adjusted[i] = Math.min(1, running);
  }
  return adjusted;
}
