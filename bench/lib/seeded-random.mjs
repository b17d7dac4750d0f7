// The project's one seeded pseudo-random generator, shared by bench/generate-scaled.mjs (the N-times
// benchmark dataset), bench/peer/cold.mjs (the order of ids) and tests/api/resilience-fuzz.test.ts
// (FUZZ_SEED). Plain ESM so node runs it
// without a build; types in seeded-random.d.mts. Changing the algorithm changes the benchmark dataset.

/**
 * mulberry32: a small, fast, seeded PRNG. The same seed gives the same sequence of numbers in [0, 1).
 * @param {number} seed an integer (taken modulo 2^32)
 * @returns {() => number}
 */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
