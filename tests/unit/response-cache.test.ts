import { describe, expect, it } from "vitest";
import { ResponseCache } from "../../gateway/http/caching";

/** A string of `bytes` bytes as the cache counts them (two per UTF-16 code unit). */
const body = (bytes: number, fill = "x") => fill.repeat(bytes / 2);

describe("the response cache", () => {
  it("drops the least recently used answers once over its byte budget; a read counts as a use", () => {
    const cache = new ResponseCache(8000);
    cache.set("a", body(1000, "a"));
    cache.set("b", body(1000, "b"));
    cache.set("c", body(1000, "c"));
    expect(cache.get("a")).toBe(body(1000, "a")); // now b is the least recently used
    for (const key of ["d", "e", "f", "g", "h"]) cache.set(key, body(1000, key)); // 8 × 1000: full
    cache.set("i", body(1000, "i"));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(body(1000, "a"));
    expect(cache.get("c")).toBe(body(1000, "c"));
    expect(cache.get("i")).toBe(body(1000, "i"));
  });

  it("keeps no answer larger than an eighth of its budget", () => {
    const cache = new ResponseCache(8000);
    cache.set("small", body(1000));
    cache.set("large", body(1002));
    expect(cache.get("small")).toBe(body(1000));
    expect(cache.get("large")).toBeUndefined();
  });

  it("replaces an answer stored again under the same key", () => {
    const cache = new ResponseCache(8000);
    cache.set("a", body(1000, "a"));
    cache.set("a", body(500, "z"));
    expect(cache.get("a")).toBe(body(500, "z"));
  });

  it("keeps nothing with a budget of 0 (RESPONSE_CACHE_MB=0)", () => {
    const cache = new ResponseCache(0);
    cache.set("a", "x");
    expect(cache.get("a")).toBeUndefined();
  });
});
