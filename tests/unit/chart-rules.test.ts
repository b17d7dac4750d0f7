import { CombinedGraphQLErrors, ServerError } from "@apollo/client/errors";
import { describe, expect, it } from "vitest";
import { chartPalette } from "../../web/src/components/charts/chartTheme";
import { brainRegionErrorMessage, requestOutcome } from "../../web/src/lib/chartErrors";
import {
  EMPTY_CELL,
  formatCellCount,
  heatmapIntensity,
  labelColourOn,
  nextSelection,
  shadeOf,
  sortRegionsByName,
} from "../../web/src/lib/heatmap";
import {
  composeHistoryError,
  localizationLabel,
  localizationNames,
  parseHistoryTab,
  parseLocalizationFilter,
  sortLocalizations,
  yearTicks,
} from "../../web/src/lib/history";

describe("heatmapIntensity", () => {
  it.each([
    [0, 100, 0.1],
    [50, 100, 0.55],
    [100, 100, 1],
    [250, 100, 1],
    [10, 0, 0.1],
  ])("count %d of max %d → %d", (count, max, expected) => {
    expect(heatmapIntensity(count, max)).toBeCloseTo(expected, 10);
  });
});

describe("shadeOf and labelColourOn", () => {
  it("blends the hue over white by intensity", () => {
    expect(shadeOf("#0072B2", 1)).toBe("#0072b2");
    expect(shadeOf("#0072B2", 0)).toBe("#ffffff");
    expect(shadeOf("#000000", 0.5)).toBe("#808080");
  });
  it("rejects what is not a #rrggbb colour", () => {
    expect(() => shadeOf("blue", 1)).toThrow(/rrggbb/);
  });
  it("uses white text on the full hue and dark text on the faintest shade", () => {
    const hue = chartPalette[0];
    expect(labelColourOn(shadeOf(hue, 1))).toBe("#ffffff");
    expect(labelColourOn(shadeOf(hue, 0.1))).toBe("#17212b");
  });
});

describe("formatCellCount", () => {
  it("shows a dash for zero and missing counts, separators otherwise", () => {
    expect(formatCellCount(0)).toBe(EMPTY_CELL);
    expect(formatCellCount(null)).toBe(EMPTY_CELL);
    expect(formatCellCount(3259)).toBe("3,259");
  });
});

describe("sortRegionsByName", () => {
  it("sorts case-insensitively by name, then by id", () => {
    const sorted = sortRegionsByName([
      { id: 3, name: "striatum" },
      { id: 1, name: "Brain" },
      { id: 2, name: "Amygdala" },
      { id: 0, name: "Amygdala" },
    ]);
    expect(sorted.map((r) => r.id)).toEqual([0, 2, 1, 3]);
  });
});

describe("nextSelection", () => {
  const start = { regionId: 1, compartment: null };
  it("a region click selects the region and keeps the compartment", () => {
    expect(
      nextSelection({ regionId: 1, compartment: "Presynaptic" }, { kind: "region", regionId: 4 }),
    ).toEqual({ regionId: 4, compartment: "Presynaptic" });
  });
  it("a non-zero cell selects region and compartment; a zero cell does nothing", () => {
    expect(
      nextSelection(start, { kind: "cell", regionId: 7, compartment: "Postsynaptic", count: 12 }),
    ).toEqual({ regionId: 7, compartment: "Postsynaptic" });
    expect(nextSelection(start, { kind: "cell", regionId: 7, compartment: "Postsynaptic", count: 0 })).toBe(
      start,
    );
  });
  it("a column header selects the compartment, and a second click deselects it", () => {
    const once = nextSelection(start, { kind: "column", compartment: "Synaptosome" });
    expect(once).toEqual({ regionId: 1, compartment: "Synaptosome" });
    expect(nextSelection(once, { kind: "column", compartment: "Synaptosome" })).toEqual({
      regionId: 1,
      compartment: null,
    });
  });
});

describe("localization naming and sorting", () => {
  it("shows Synaptic_Vesicle as 'Synaptic Vesicle' and other underscores as spaces", () => {
    expect(localizationLabel("Synaptic_Vesicle")).toBe("Synaptic Vesicle");
    expect(localizationLabel("Active_zone_core")).toBe("Active zone core");
    expect(localizationLabel("Postsynaptic")).toBe("Postsynaptic");
  });
  it("sorts by label alphabetically", () => {
    expect(sortLocalizations(["Synaptosome", "Synaptic_Vesicle", "Presynaptic", "Postsynaptic"])).toEqual([
      "Postsynaptic",
      "Presynaptic",
      "Synaptic_Vesicle",
      "Synaptosome",
    ]);
  });
  it("takes the listed localizations, else the first row's fields minus year and total", () => {
    expect(localizationNames(["B", "A"], ["year", "C"])).toEqual(["B", "A"]);
    expect(localizationNames(undefined, ["year", "Presynaptic", "total_accumulated", "Synaptosome"])).toEqual(
      ["Presynaptic", "Synaptosome"],
    );
    expect(localizationNames([], null)).toEqual([]);
  });
});

describe("history address state", () => {
  it("defaults to the Disease Trend tab", () => {
    expect(parseHistoryTab(null)).toBe("accumulated");
    expect(parseHistoryTab("bogus")).toBe("accumulated");
    expect(parseHistoryTab("new")).toBe("new");
    expect(parseHistoryTab("accumulated-localizations")).toBe("accumulated-localizations");
  });
  it("accepts all, total or a known localization", () => {
    const names = ["Postsynaptic", "Synaptic_Vesicle"];
    expect(parseLocalizationFilter(null, names)).toBe("all");
    expect(parseLocalizationFilter("total", names)).toBe("total");
    expect(parseLocalizationFilter("Synaptic_Vesicle", names)).toBe("Synaptic_Vesicle");
    expect(parseLocalizationFilter("Nucleus", names)).toBe("all");
  });
});

describe("yearTicks", () => {
  it("keeps every year when they fit", () => {
    expect(yearTicks([2000, 2002, 2004], 5)).toEqual([2000, 2002, 2004]);
  });
  it("thins a long span to round steps within the limit", () => {
    const years = Array.from({ length: 172 }, (_, i) => 1850 + i);
    const ticks = yearTicks(years, 20);
    expect(ticks.length).toBeLessThanOrEqual(20);
    expect(ticks[0]).toBe(1850);
    expect(ticks.every((y) => y % 10 === 0)).toBe(true);
  });
});

describe("composeHistoryError", () => {
  it("is null when every request succeeded", () => {
    expect(composeHistoryError([{ kind: "ok" }, { kind: "ok" }, { kind: "ok" }])).toBeNull();
  });
  it("uses the server message or the request's fallback, joined with '. '", () => {
    expect(
      composeHistoryError([
        { kind: "failed", message: "Database unavailable" },
        { kind: "ok" },
        { kind: "failed" },
      ]),
    ).toBe("Database unavailable. Failed to load accumulated gene localizations statistics");
    expect(composeHistoryError([{ kind: "ok" }, { kind: "failed", message: " " }, { kind: "ok" }])).toBe(
      "Failed to load new diseases statistics",
    );
  });
  it("a thrown request gives 'Error fetching data: ' plus its text", () => {
    expect(
      composeHistoryError([
        { kind: "failed", message: "x" },
        { kind: "thrown", text: "Failed to fetch" },
      ]),
    ).toBe("Error fetching data: Failed to fetch");
  });
});

function serverError(status: number, body: string): ServerError {
  return new ServerError("Response not successful", {
    response: new Response(body, { status }),
    bodyText: body,
  });
}

describe("chart error mapping", () => {
  it("brain region: a non-OK status, else the server message, else 'Failed to fetch data'", () => {
    expect(brainRegionErrorMessage(serverError(503, "down"))).toBe("API returned status: 503");
    expect(
      brainRegionErrorMessage(new CombinedGraphQLErrors({ errors: [{ message: "Bad topLimit" }] })),
    ).toBe("Bad topLimit");
    expect(brainRegionErrorMessage(new TypeError("Failed to fetch"))).toBe("Failed to fetch data");
  });
  it("history: no error is ok, a server answer failed, a network error threw", () => {
    expect(requestOutcome(undefined)).toEqual({ kind: "ok" });
    expect(requestOutcome(new CombinedGraphQLErrors({ errors: [{ message: "Nope" }] }))).toEqual({
      kind: "failed",
      message: "Nope",
    });
    expect(requestOutcome(serverError(500, '{"message":"An error occurred"}'))).toEqual({
      kind: "failed",
      message: "An error occurred",
    });
    expect(requestOutcome(new TypeError("Failed to fetch"))).toEqual({
      kind: "thrown",
      text: "Failed to fetch",
    });
  });
});
