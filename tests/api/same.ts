import { isDeepStrictEqual } from "node:util";
import { expect } from "vitest";

/**
 * expect(actual).toEqual(expected), fast on large values: a deep strict equality (node:util) implies
 * toEqual's, so only a difference pays for Vitest's matcher, which then gives the same verdict and diff.
 * Vitest's equality walk costs seconds on the hundred thousand rows some checks compare.
 */
export function expectEqual(actual: unknown, expected: unknown, message?: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, message).toEqual(expected);
}

/** The same for toStrictEqual, which deep strict equality implies too. */
export function expectStrictEqual(actual: unknown, expected: unknown, message?: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, message).toStrictEqual(expected);
}
