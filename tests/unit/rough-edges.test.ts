import { describe, expect, it } from "vitest";
import {
  boxesOverlap,
  fitToDrawing,
  IDENTITY_VIEW,
  MAX_ZOOM,
  placeLabels,
  simulateNetwork,
  zoomAbout,
} from "../../web/src/lib/networkLayout";
import { countOf, plural } from "../../web/src/lib/plural";
import { clampSearchTerm, SEARCH_MAX_LENGTH } from "../../web/src/lib/searchInput";

describe("plural and countOf (Intl.PluralRules, en-US)", () => {
  it.each([
    [0, "0 genes"],
    [1, "1 gene"],
    [2, "2 genes"],
    [1200, "1,200 genes"],
  ])("%i → %s", (n, text) => {
    expect(countOf(n, "gene")).toBe(text);
  });

  it("takes an irregular plural", () => {
    expect(plural(1, "is", "are")).toBe("is");
    expect(plural(3, "is", "are")).toBe("are");
    expect(countOf(1, "study", "studies")).toBe("1 study");
    expect(countOf(5, "study", "studies")).toBe("5 studies");
  });
});

describe("search input limit", () => {
  it("is 200 characters, the server's own limit", () => {
    expect(SEARCH_MAX_LENGTH).toBe(200);
  });

  it("cuts a term read from an address to the limit and trims it", () => {
    expect(clampSearchTerm("x".repeat(500))).toBe("x".repeat(200));
    expect(clampSearchTerm("  DLG4  ")).toBe("DLG4");
    expect(clampSearchTerm(`${"a".repeat(199)} b`)).toBe("a".repeat(199));
    expect(clampSearchTerm(null)).toBe("");
  });
});

describe("network layout", () => {
  const star = Array.from({ length: 12 }, (_, i) => ({ id: `n${i}`, radius: i === 0 ? 8 : 4.5 }));
  const links = star.slice(1).map((n) => ({ source: "n0", target: n.id }));

  it("is deterministic and spans the unit square", () => {
    const a = simulateNetwork(star, links, 2);
    const b = simulateNetwork(star, links, 2);
    expect(a).toEqual(b);
    const us = a.map((p) => p.u);
    const vs = a.map((p) => p.v);
    expect(Math.min(...us)).toBe(0);
    expect(Math.max(...us)).toBe(1);
    expect(Math.min(...vs)).toBe(0);
    expect(Math.max(...vs)).toBe(1);
  });

  it("fits the layout to the drawing inside its margins", () => {
    const fitted = fitToDrawing(simulateNetwork(star, links, 2), {
      width: 800,
      height: 400,
      marginX: 40,
      marginY: 20,
    });
    const xs = [...fitted.values()].map((p) => p.x);
    const ys = [...fitted.values()].map((p) => p.y);
    expect(Math.min(...xs)).toBe(40);
    expect(Math.max(...xs)).toBe(760);
    expect(Math.min(...ys)).toBe(20);
    expect(Math.max(...ys)).toBe(380);
  });

  it("places labels that overlap neither each other nor a node, and leaves out one with no room", () => {
    const nodes = [
      { x: 100, y: 100, radius: 5 },
      { x: 112, y: 100, radius: 5 },
      { x: 100, y: 112, radius: 5 },
    ];
    const requests = nodes.map((n, i) => ({ id: `g${i}`, text: `GENE${i}`, ...n, width: 40, height: 12 }));
    const placed = placeLabels(requests, nodes, { width: 300, height: 300 });
    expect(placed.length).toBeGreaterThan(1);
    for (const [i, a] of placed.entries()) {
      for (const b of placed.slice(i + 1)) expect(boxesOverlap(a.box, b.box)).toBe(false);
      for (const n of nodes)
        expect(boxesOverlap(a.box, { x: n.x - 5, y: n.y - 5, width: 10, height: 10 })).toBe(false);
    }
    // A label with no free place (here: wider than the drawing) is left out, not drawn over others.
    const wide = [{ id: "w", text: "W", x: 30, y: 30, radius: 5, width: 100, height: 12 }];
    expect(placeLabels(wide, [{ x: 30, y: 30, radius: 5 }], { width: 60, height: 60 })).toEqual([]);
  });

  it("zooms about a point within bounds and back to the identity", () => {
    const zoomed = zoomAbout(IDENTITY_VIEW, 2, 100, 50);
    expect(zoomed).toEqual({ k: 2, x: -100, y: -50 });
    expect(zoomAbout(zoomed, 100, 0, 0).k).toBe(MAX_ZOOM);
    expect(zoomAbout(zoomed, 0.1, 0, 0)).toEqual(IDENTITY_VIEW);
  });
});
