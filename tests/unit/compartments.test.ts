import { describe, expect, it } from "vitest";
import { chapterNumber, selectHomeChapters } from "../../web/src/lib/chapters";
import {
  COMPARTMENT_ORDER,
  compartmentColour,
  compartmentLabel,
  DEFAULT_SORT,
  FREQUENCY_LABELS,
  frequencyBadgeText,
  frequencyBand,
  frequencyColour,
  nextSort,
  orderCompartments,
  type PanelState,
  parseFrequencyFilter,
  parsePanelState,
  serializePanelState,
} from "../../web/src/lib/compartments";
import { COOKIE_CONSENT_KEY, readCookieChoice, storeCookieChoice } from "../../web/src/lib/cookieConsent";
import { pageRange, slidingPageWindow } from "../../web/src/lib/pager";

describe("compartment names and colours", () => {
  it("shows Synaptic_Vesicle as 'Synaptic Vesicles' and keeps the card order", () => {
    expect(compartmentLabel("Synaptic_Vesicle")).toBe("Synaptic Vesicles");
    expect(compartmentLabel("Presynaptic")).toBe("Presynaptic");
    expect(compartmentLabel("Other_Place")).toBe("Other Place");
    expect(COMPARTMENT_ORDER.map(compartmentColour)).toEqual(["blue", "green", "purple", "amber"]);
    expect(compartmentColour("Unknown")).toBe("grey");
    const ordered = orderCompartments(
      ["Zeta", "Synaptosome", "Postsynaptic", "Synaptic_Vesicle", "Presynaptic"].map((compartment) => ({
        compartment,
      })),
    );
    expect(ordered.map((c) => c.compartment)).toEqual([
      "Presynaptic",
      "Postsynaptic",
      "Synaptic_Vesicle",
      "Synaptosome",
      "Zeta",
    ]);
  });
});

describe("frequency bands", () => {
  it("bands study counts and colours the badges", () => {
    // '>10' is more than ten studies; ten falls in the band below (the spec's bands leave it out).
    expect([0, 1, 2, 3, 4, 9, 10, 11, 40].map(frequencyBand)).toEqual([
      "1",
      "1",
      "2-3",
      "2-3",
      "4-9",
      "4-9",
      "4-9",
      ">10",
      ">10",
    ]);
    expect(["1", "2-3", "4-9", ">10"].map(frequencyColour)).toEqual(["grey", "yellow", "blue", "green"]);
    expect(frequencyBadgeText(">10")).toBe(">10");
    expect(frequencyBadgeText("2-3")).toBe("2-3");
    expect(FREQUENCY_LABELS).toMatchObject({
      "1": "Found in 1 paper",
      "2-3": "2-3",
      "4-9": "4-9",
      ">10": ">10",
    });
    expect(parseFrequencyFilter("4-9")).toBe("4-9");
    expect(parseFrequencyFilter("5")).toBe("all");
    expect(parseFrequencyFilter(null)).toBe("all");
  });
});

describe("compartment sort toggle", () => {
  it("flips the active column and sorts another column ascending", () => {
    expect(nextSort(DEFAULT_SORT, "HumanName")).toEqual({ column: "HumanName", direction: "desc" });
    expect(nextSort({ column: "HumanName", direction: "desc" }, "HumanName").direction).toBe("asc");
    expect(nextSort({ column: "HumanName", direction: "desc" }, "paper_count")).toEqual({
      column: "paper_count",
      direction: "asc",
    });
  });
});

describe("compartment panel address", () => {
  it("round-trips a full state and leaves defaults out", () => {
    const state: PanelState = {
      compartment: "Presynaptic",
      q: "syn",
      frequency: ">10",
      sort: { column: "paper_count", direction: "desc" },
      page: 3,
    };
    const params = serializePanelState(state);
    expect(params.toString()).toBe("c=Presynaptic&q=syn&freq=%3E10&sort=paper_count&dir=desc&page=3");
    expect(parsePanelState(params)).toEqual(state);
    expect(
      serializePanelState({
        compartment: "Synaptosome",
        q: "",
        frequency: "all",
        sort: DEFAULT_SORT,
        page: 1,
      }).toString(),
    ).toBe("c=Synaptosome");
    expect(serializePanelState({ ...state, compartment: null }).toString()).toBe("");
  });

  it("falls back to defaults on unknown values", () => {
    expect(parsePanelState(new URLSearchParams("sort=bogus&dir=up&page=-2&freq=7"))).toEqual({
      compartment: null,
      q: "",
      frequency: "all",
      sort: DEFAULT_SORT,
      page: 1,
    });
  });
});

describe("sliding pager window", () => {
  it("shows at most five consecutive pages around the current one", () => {
    expect(slidingPageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(slidingPageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(slidingPageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(slidingPageWindow(7, 20)).toEqual([5, 6, 7, 8, 9]);
    expect(slidingPageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(slidingPageWindow(99, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(slidingPageWindow(1, 0)).toEqual([]);
  });

  it("gives the 'Showing X to Y of Z' bounds", () => {
    expect(pageRange(1, 20, 45)).toEqual({ from: 1, to: 20 });
    expect(pageRange(3, 20, 45)).toEqual({ from: 41, to: 45 });
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe("home chapter cards", () => {
  const ch = (chapter: string, diseaseCount: number, geneCount: number) => ({
    chapter,
    diseaseCount,
    geneCount,
  });

  it("parses chapters after stripping leading zeros", () => {
    expect(chapterNumber("08")).toBe(8);
    expect(chapterNumber("21")).toBe(21);
    expect(chapterNumber("00")).toBe(0);
    expect(chapterNumber("V")).toBeNull();
    expect(chapterNumber("X")).toBeNull();
  });

  it("keeps chapters with 5+ diseases and genes and a numeric chapter, most genes first, at most 4", () => {
    const chosen = selectHomeChapters([
      ch("01", 10, 50),
      ch("02", 4, 500),
      ch("03", 50, 4),
      ch("V", 50, 900),
      ch("08", 30, 800),
      ch("06", 5, 5),
      ch("15", 9, 70),
      ch("22", 12, 60),
    ]);
    expect(chosen.map((c) => c.chapter)).toEqual(["08", "15", "22", "01"]);
  });
});

describe("cookie consent storage", () => {
  it("reads only 'true' or 'false' and stores the choice", () => {
    const data = new Map<string, string>();
    const store = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => data.set(k, v),
    };
    expect(readCookieChoice(store)).toBeNull();
    storeCookieChoice(store, false);
    expect(data.get(COOKIE_CONSENT_KEY)).toBe("false");
    expect(readCookieChoice(store)).toBe("false");
    storeCookieChoice(store, true);
    expect(readCookieChoice(store)).toBe("true");
    data.set(COOKIE_CONSENT_KEY, "yes");
    expect(readCookieChoice(store)).toBeNull();
  });
});
