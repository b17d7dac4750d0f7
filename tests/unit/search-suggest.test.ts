import { describe, expect, it } from "vitest";
import { proteinLookupMessage } from "../../web/src/lib/proteinSearch";
import {
  AUTOCOMPLETE_DEBOUNCE_MS,
  AUTOCOMPLETE_MIN_LENGTH,
  type ComboState,
  comboboxKey,
  isPickable,
  mergeProteinAliases,
  navigationSearchTerm,
  type Suggestion,
  suggestionHref,
  suggestionTerm,
  wantsProteinLookup,
} from "../../web/src/lib/searchSuggest";

const gene = (text: string, type = "Gene Name"): Suggestion => ({ text, type, entityType: "gene" });

describe("suggestion terms", () => {
  it("uses the spec's constants", () => {
    expect(AUTOCOMPLETE_MIN_LENGTH).toBe(2);
    expect(AUTOCOMPLETE_DEBOUNCE_MS).toBe(300);
  });

  it.each([
    ["", null],
    ["a", null],
    [" a ", null],
    ["ab", "ab"],
    ["  dlg ", "dlg"],
  ])("%j gives %j", (input, term) => {
    expect(suggestionTerm(input)).toBe(term);
  });

  it.each([
    ["PSD-95", "all", true],
    ["PSD-95", "gene", true],
    ["PSD-95", "disease", false],
    ["PSD-95", "paper", false],
    ["ab", "all", false],
    ["12345", "all", false],
    ["synaptic vesicle", "all", false],
    [null, "all", false],
  ] as const)("protein lookup for %j in scope %s: %s", (term, scope, wanted) => {
    expect(wantsProteinLookup(term, scope)).toBe(wanted);
  });
});

describe("protein aliases merged with suggestions", () => {
  it("adds the mapped genes after the suggestions, labelled Protein name, unless already suggested as genes", () => {
    const normal = [gene("Dlg4"), { text: "PSD-95", type: "Alias", entityType: "gene" }];
    const merged = mergeProteinAliases("PSD-95", ["DLG4", "DLG2"], normal);
    expect(merged.items.map((s) => [s.text, s.type])).toEqual([
      ["Dlg4", "Gene Name"],
      ["PSD-95", "Alias"],
      ["DLG2", "Protein name"],
    ]);
    expect(merged.items[2]).toMatchObject({ entityType: "gene", genes: ["DLG2"] });
    expect(merged.status).toBe('Found 2 genes related to protein "PSD-95" (1 already in results)');
  });

  it("never puts a protein-derived gene above the term's own gene (DLG4 before LLGL1)", () => {
    const merged = mergeProteinAliases("DLG4", ["DLG4", "LLGL1"], [gene("DLG4")]);
    expect(merged.items.map((s) => s.text)).toEqual(["DLG4", "LLGL1"]);
  });

  it("a gene suggested as another entity type does not count as present", () => {
    const normal: Suggestion[] = [{ text: "SYP", type: "Protein Name", entityType: "protein" }];
    const merged = mergeProteinAliases("synaptophysin", ["SYP"], normal);
    expect(merged.items.map((s) => s.type)).toEqual(["Protein Name", "Protein name"]);
    expect(merged.status).toBe('Found 1 gene related to protein "synaptophysin"');
  });

  it("leaves the suggestions alone without a mapping", () => {
    const normal = [gene("DLG4")];
    expect(mergeProteinAliases("DLG4", null, normal)).toEqual({ items: normal, status: null });
    expect(mergeProteinAliases("xyz", [], normal)).toEqual({ items: normal, status: null });
  });
});

describe("where a suggestion leads", () => {
  it.each([
    ["gene", "DLG4", "/gene-search?q=DLG4"],
    ["disease", "autism spectrum disorder", "/disease-search?q=autism%20spectrum%20disorder"],
    ["paper", "31 & more", "/paper-search?q=31%20%26%20more"],
    ["protein", "synaptophysin", null],
  ])("%s %j → %j", (entityType, text, href) => {
    expect(suggestionHref({ entityType, text })).toBe(href);
    expect(isPickable({ entityType })).toBe(href !== null);
  });
});

describe("navigation-bar submit", () => {
  it("does nothing for an empty box", () => {
    expect(navigationSearchTerm("   ")).toBeNull();
  });

  it("searches the term itself: the gene search adds the protein lookup's genes", () => {
    expect(navigationSearchTerm(" DLG4 ")).toBe("DLG4");
    expect(navigationSearchTerm("PSD-95")).toBe("PSD-95");
    expect(navigationSearchTerm("synaptic vesicle")).toBe("synaptic vesicle");
    expect(navigationSearchTerm("1742")).toBe("1742");
  });
});

describe("combobox keys", () => {
  const closed: ComboState = { open: false, active: -1 };
  const open = (active = -1): ComboState => ({ open: true, active });

  it("ArrowDown and ArrowUp move through the options, wrapping", () => {
    expect(comboboxKey(open(), "ArrowDown", 3, true).state).toEqual(open(0));
    expect(comboboxKey(open(0), "ArrowDown", 3, true).state).toEqual(open(1));
    expect(comboboxKey(open(2), "ArrowDown", 3, true).state).toEqual(open(0));
    expect(comboboxKey(open(0), "ArrowUp", 3, true).state).toEqual(open(2));
    expect(comboboxKey(open(), "ArrowUp", 3, true).state).toEqual(open(2));
    expect(comboboxKey(open(1), "ArrowUp", 3, true)).toEqual({
      state: open(0),
      effect: "none",
      handled: true,
    });
  });

  it("an arrow opens a closed list on its first or last option", () => {
    expect(comboboxKey(closed, "ArrowDown", 3, true).state).toEqual(open(0));
    expect(comboboxKey(closed, "ArrowUp", 3, true).state).toEqual(open(2));
  });

  it("with no options nothing is highlighted", () => {
    expect(comboboxKey(open(), "ArrowDown", 0, true).state).toEqual(open());
    expect(comboboxKey(closed, "ArrowDown", 0, false)).toEqual({
      state: closed,
      effect: "none",
      handled: false,
    });
  });

  it("Home and End jump while an option is highlighted, else move the caret", () => {
    expect(comboboxKey(open(1), "Home", 3, true).state).toEqual(open(0));
    expect(comboboxKey(open(1), "End", 3, true).state).toEqual(open(2));
    expect(comboboxKey(open(), "Home", 3, true).handled).toBe(false);
    expect(comboboxKey(closed, "End", 3, true).handled).toBe(false);
  });

  it("Enter picks the highlighted option, or submits", () => {
    expect(comboboxKey(open(1), "Enter", 3, true).effect).toBe("pick");
    expect(comboboxKey(open(), "Enter", 3, true)).toEqual({ state: closed, effect: "submit", handled: true });
    expect(comboboxKey(closed, "Enter", 0, true).effect).toBe("submit");
  });

  it("Escape closes the list, and a second Escape clears the box", () => {
    const first = comboboxKey(open(1), "Escape", 3, true);
    expect(first).toEqual({ state: closed, effect: "none", handled: true });
    expect(comboboxKey(first.state, "Escape", 3, true).effect).toBe("clear");
    expect(comboboxKey(closed, "Escape", 0, false)).toEqual({
      state: closed,
      effect: "none",
      handled: false,
    });
  });

  it("Tab closes the list without being consumed; other keys change nothing", () => {
    expect(comboboxKey(open(1), "Tab", 3, true)).toEqual({ state: closed, effect: "none", handled: false });
    expect(comboboxKey(open(1), "a", 3, true)).toEqual({ state: open(1), effect: "none", handled: false });
  });
});

describe("protein lookup status", () => {
  it("says what the lookup added, listing at most ten genes", () => {
    // The gene whose symbol is the term heads the results anyway: it is not announced again.
    expect(proteinLookupMessage({ name: "SHANK3", genes: ["SHANK3"], total: 1 })).toBeNull();
    expect(proteinLookupMessage({ name: "dlg4", genes: ["DLG4", "LLGL1"], total: 2 })).toBe(
      "Protein name “dlg4” also matches 1 other gene: LLGL1 (included in the results).",
    );
    expect(proteinLookupMessage({ name: "SYN", genes: ["FYN", "SYNM"], total: 2 })).toBe(
      "Protein name “SYN” also matches 2 genes: FYN, SYNM (included in the results).",
    );
    expect(proteinLookupMessage({ name: "x", genes: ["A"], total: 1 })).toBe(
      "Protein name “x” also matches 1 gene: A (included in the results).",
    );
    const many = Array.from({ length: 12 }, (_, i) => `G${i}`);
    expect(proteinLookupMessage({ name: "kinase", genes: many, total: 300 })).toBe(
      `Protein name “kinase” also matches 300 genes: ${many.slice(0, 10).join(", ")} and 290 more (included in the results).`,
    );
  });
});
