/** mulberry32: a small, fast, seeded PRNG. The same seed gives the same sequence of numbers in [0, 1). */
export function seededRandom(seed: number): () => number;
