import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RelevanceSet, scoreSet } from "../relevance/score.mjs";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

/**
 * The search relevance set (tests/relevance/queries.json) scored on the running gateway: mean
 * reciprocal rank and first-page recall may not fall below tests/relevance/floor.json, which may
 * only go up (bench/relevance.mjs records the figures in bench/results/relevance.md).
 */
const dir = path.resolve(__dirname, "../relevance");
const set = JSON.parse(readFileSync(path.join(dir, "queries.json"), "utf8")) as RelevanceSet;
const floor = JSON.parse(readFileSync(path.join(dir, "floor.json"), "utf8")) as {
  mrr: number;
  recall: number;
};

describe("the relevance set", () => {
  it("holds at least 60 queries of every kind the issue names, each with an expectation", () => {
    expect(set.queries.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(set.queries.map((q) => q.kind));
    for (const kind of [
      "family",
      "symbol",
      "alias",
      "protein-name",
      "identifier",
      "disease",
      "paper",
      "typo",
    ])
      expect(kinds).toContain(kind);
    expect(set.queries.every((q) => q.expected.length > 0)).toBe(true);
  });
});

describe.each(testDatabases)("search relevance on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("scores at least the floor", async () => {
    const score = await scoreSet(set, async (document, variables) => {
      const { body } = await api.graphql(document, variables);
      expect(body.errors).toBeUndefined();
      return body.data;
    });
    const misses = score.rows
      .filter((r) => r.rr < 1)
      .map((r) => `${r.q} → ${r.results.slice(0, 3).join(", ")}`);
    expect({ mrr: score.mrr >= floor.mrr, recall: score.recall >= floor.recall, misses }).toEqual({
      mrr: true,
      recall: true,
      misses: expect.any(Array),
    });
    // The issue's own queries are answered at the top.
    const row = (q: string, type = "gene") => score.rows.find((r) => r.q === q && r.type === type)!;
    expect(row("CAMK2").recall).toBe(1);
    expect(row("SYN").rr).toBe(1);
    expect(row("DLG4", "suggest").rr).toBe(1);
  });
});
