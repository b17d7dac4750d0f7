import { describe, expect, it } from "vitest";
import {
  cardKeys,
  parseGeneMode,
  parseMutationMode,
  parsePageSize,
  readTabParams,
  withTabChange,
  withTabSwitch,
} from "../../web/src/lib/cardTabState";
import { restPath } from "../../web/src/lib/restPath";

describe("disease and publication card state in the address", () => {
  it.each([
    [null, 20],
    ["10", 10],
    ["100", 100],
    ["30", 20],
    ["abc", 20],
  ])("page size %s → %i (choices 10/20/50/100, default 20)", (value, expected) => {
    expect(parsePageSize(value)).toBe(expected);
  });

  it("defaults the gene mode to consensus and the mutation mode to all", () => {
    expect(parseGeneMode(null)).toBe("consensus");
    expect(parseGeneMode("all")).toBe("all");
    expect(parseGeneMode("non-consensus")).toBe("non-consensus");
    expect(parseGeneMode("bogus")).toBe("consensus");
    expect(parseMutationMode(null)).toBe("all");
    expect(parseMutationMode("consensus")).toBe("consensus");
    expect(parseMutationMode("non-consensus")).toBe("all");
  });

  it("reads a tab's page, size and filter by prefix", () => {
    const params = new URLSearchParams("gpage=3&gsize=50&gq=shank&mpage=2");
    expect(readTabParams(params, "g")).toEqual({ page: 3, pageSize: 50, term: "shank" });
    expect(readTabParams(params, "p")).toEqual({ page: 1, pageSize: 20, term: "" });
  });

  it("resets to page 1 on any change but a page change", () => {
    const params = new URLSearchParams("q=autism&open=DOID:1&gpage=4&gmode=all");
    expect(withTabChange(params, "g", { page: 5 }).get("gpage")).toBe("5");
    expect(withTabChange(params, "g", { page: 1 }).has("gpage")).toBe(false);
    const changed = withTabChange(params, "g", { mode: "consensus" });
    expect(changed.has("gpage")).toBe(false);
    expect(changed.get("gmode")).toBe("consensus");
    expect(withTabChange(params, "g", { q: "" }).has("gq")).toBe(false);
    // Other keys are kept.
    expect(changed.get("open")).toBe("DOID:1");
  });

  it("clears the previous tab's filter when switching tabs", () => {
    const params = new URLSearchParams("tab=genes&gq=shank&gpage=2&gmode=all");
    const next = withTabSwitch(params, "g", "mutations");
    expect(next.get("tab")).toBe("mutations");
    expect(next.has("gq")).toBe(false);
    expect(next.has("gpage")).toBe(false);
    expect(next.get("gmode")).toBe("all");
  });

  it("lists every per-card key", () => {
    expect(cardKeys(["g"], ["gloc"])).toEqual(["tab", "gpage", "gsize", "gq", "gmode", "gloc"]);
  });

  it("builds REST paths without empty values or mode=all", () => {
    expect(
      restPath("/api/paper/genes/filter", { pmid: 1, page: 1, term: "", mode: "all", localization: "" }),
    ).toBe("/api/paper/genes/filter?pmid=1&page=1");
    expect(restPath("/api/disease/genes/filter", { hdoid: "DOID:1", mode: "consensus" })).toBe(
      "/api/disease/genes/filter?hdoid=DOID%3A1&mode=consensus",
    );
  });
});
