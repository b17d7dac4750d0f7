import { describe, expect, it } from "vitest";
import {
  compartmentCount,
  compartmentLabel,
  countStudies,
  networkFor,
  percentOf,
} from "../../web/src/lib/datasetFigures";
import { ALL_FAQ_CATEGORIES, countFaqsByCategory, filterFaqs } from "../../web/src/lib/faqFilter";

describe("dataset figures of the About and Publication pages", () => {
  it("counts studies by kind and by real / synthetic sample", () => {
    expect(
      countStudies([
        { kind: "proteomic", isSynthetic: false },
        { kind: "proteomic", isSynthetic: false },
        { kind: "proteomic", isSynthetic: true },
        { kind: "genetic", isSynthetic: true },
        { kind: "genetic", isSynthetic: false },
      ]),
    ).toEqual({
      proteomic: 3,
      proteomicReal: 2,
      proteomicSample: 1,
      genetic: 2,
      geneticReal: 1,
      geneticSample: 1,
    });
    expect(countStudies([]).proteomic).toBe(0);
  });

  it("rounds percentages and guards an empty whole", () => {
    expect(percentOf(1236, 3437)).toBe("36%");
    expect(percentOf(1, 3)).toBe("33%");
    expect(percentOf(5, 0)).toBe("0%");
  });

  it("finds compartment counts by name and labels them", () => {
    const rows = [
      { compartment: "Postsynaptic", proteinCount: 10 },
      { compartment: "Synaptic_Vesicle", proteinCount: 3 },
    ];
    expect(compartmentCount(rows, "postsynaptic")).toBe(10);
    expect(compartmentCount(rows, "Presynaptic")).toBeNull();
    expect(compartmentLabel("Synaptic_Vesicle")).toBe("Synaptic Vesicle");
  });

  it("maps the BioNAR networks onto the two compartments", () => {
    const networks = [
      { network: "BioNAR PPI_Presynaptic", nodes: 1, edges: 2 },
      { network: "BioNAR PSD_annot_cls", nodes: 3, edges: 4 },
    ];
    expect(networkFor(networks, "presynaptic")?.edges).toBe(2);
    expect(networkFor(networks, "postsynaptic")?.edges).toBe(4);
    expect(networkFor([networks[0]!], "postsynaptic")).toBeNull();
  });
});

describe("FAQ filter (spec 2 §5: case-insensitive over question and answer)", () => {
  const items = [
    { category: "gene", question: "How do I search a Gene?", answer: "Type a symbol." },
    { category: "data", question: "Where from?", answer: "From the GENE ontology." },
    { category: "data", question: "Consensus?", answer: "Five studies." },
  ];

  it("filters by category and keeps every entry for 'all'", () => {
    expect(filterFaqs(items, ALL_FAQ_CATEGORIES, "")).toHaveLength(3);
    expect(filterFaqs(items, "data", "")).toEqual([items[1], items[2]]);
    expect(filterFaqs(items, "paper", "")).toEqual([]);
  });

  it("matches the question or the answer, case-insensitively, after trimming", () => {
    expect(filterFaqs(items, ALL_FAQ_CATEGORIES, "  gene ")).toEqual([items[0], items[1]]);
    expect(filterFaqs(items, "data", "gene")).toEqual([items[1]]);
    expect(filterFaqs(items, ALL_FAQ_CATEGORIES, "zebra")).toEqual([]);
  });

  it("counts the matching entries per category for the tab badges", () => {
    const counts = countFaqsByCategory(items, "gene");
    expect(counts.get(ALL_FAQ_CATEGORIES)).toBe(2);
    expect(counts.get("gene")).toBe(1);
    expect(counts.get("data")).toBe(1);
    expect(counts.get("paper")).toBeUndefined();
  });
});

describe("FAQ content", () => {
  it("has 20 questions with unique ids, each in a tab category, every category used", async () => {
    const { FAQ_CATEGORIES, FAQ_ITEMS } = await import("../../web/src/routes/faq/faqData");
    expect(FAQ_ITEMS).toHaveLength(20);
    expect(new Set(FAQ_ITEMS.map((item) => item.id)).size).toBe(20);
    const keys = FAQ_CATEGORIES.map((c) => c.key).filter((key) => key !== ALL_FAQ_CATEGORIES);
    for (const item of FAQ_ITEMS) expect(keys).toContain(item.category);
    for (const key of keys) expect(FAQ_ITEMS.some((item) => item.category === key)).toBe(true);
  });
});
