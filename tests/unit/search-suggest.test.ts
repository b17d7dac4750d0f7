import { describe, expect, it, vi } from "vitest";
import {
  collectProteinGeneRows,
  PROTEIN_GENES_SEARCHED,
  proteinStatusMessage,
} from "../../web/src/lib/proteinSearch";
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
  it("adds the mapped genes first, labelled Alias, unless already suggested as genes", () => {
    const normal = [gene("Dlg4"), { text: "PSD-95", type: "Alias", entityType: "gene" }];
    const merged = mergeProteinAliases("PSD-95", ["DLG4", "DLG2"], normal);
    expect(merged.items.map((s) => [s.text, s.type])).toEqual([
      ["DLG2", "Alias"],
      ["Dlg4", "Gene Name"],
      ["PSD-95", "Alias"],
    ]);
    expect(merged.items[0]).toMatchObject({ entityType: "gene", genes: ["DLG2"] });
    expect(merged.status).toBe('Found 2 genes related to protein "PSD-95" (1 already in results)');
  });

  it("a gene suggested as another entity type does not count as present", () => {
    const normal: Suggestion[] = [{ text: "SYP", type: "Protein Name", entityType: "protein" }];
    const merged = mergeProteinAliases("synaptophysin", ["SYP"], normal);
    expect(merged.items.map((s) => s.type)).toEqual(["Alias", "Protein Name"]);
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
  it("does nothing for an empty box", async () => {
    const lookup = vi.fn();
    expect(await navigationSearchTerm("   ", null, lookup)).toBeNull();
    expect(lookup).not.toHaveBeenCalled();
  });

  it("uses the first mapped gene of a known mapping", async () => {
    const lookup = vi.fn();
    expect(await navigationSearchTerm("PSD-95", ["DLG4", "DLG2"], lookup)).toBe("DLG4");
    expect(lookup).not.toHaveBeenCalled();
  });

  it("looks a protein-style term up when no mapping is known", async () => {
    expect(await navigationSearchTerm(" synaptophysin ", null, async () => ["SYP"])).toBe("SYP");
    expect(await navigationSearchTerm("nothing-here", null, async () => [])).toBe("nothing-here");
  });

  it("falls back to the raw term when the lookup fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const failing = async () => {
      throw new Error("network down");
    };
    expect(await navigationSearchTerm("PSD-95", null, failing)).toBe("PSD-95");
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it("searches other terms as they are", async () => {
    const lookup = vi.fn();
    expect(await navigationSearchTerm("synaptic vesicle", null, lookup)).toBe("synaptic vesicle");
    expect(await navigationSearchTerm("1742", null, lookup)).toBe("1742");
    expect(lookup).not.toHaveBeenCalled();
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

describe("protein gene search", () => {
  const row = (id: number, humanName: string) => ({ id, humanName });

  it("searches each gene in turn and keeps exact symbol rows, in order, once", async () => {
    const calls: string[] = [];
    const result = await collectProteinGeneRows(
      ["DLG4", "dlg2", "DLG4"],
      async (symbol) => {
        calls.push(symbol);
        return symbol.toUpperCase() === "DLG4"
          ? [row(1, "DLG4"), row(9, "DLG4-AS1")]
          : [row(2, "DLG2"), row(1, "DLG4")];
      },
      String,
    );
    expect(calls).toEqual(["DLG4", "dlg2", "DLG4"]);
    expect(result).toEqual({ rows: [row(1, "DLG4"), row(2, "DLG2")] });
  });

  it("searches at most the first genes of a long mapping", async () => {
    const symbols = Array.from({ length: PROTEIN_GENES_SEARCHED + 5 }, (_, i) => `G${i}`);
    const search = vi.fn(async (symbol: string) => [row(Number(symbol.slice(1)), symbol)]);
    const result = await collectProteinGeneRows(symbols, search, String);
    expect(search).toHaveBeenCalledTimes(PROTEIN_GENES_SEARCHED);
    expect(result.rows).toHaveLength(PROTEIN_GENES_SEARCHED);
  });

  it("keeps the rows found before a failure, with its message", async () => {
    const result = await collectProteinGeneRows(
      ["A", "B", "C"],
      async (symbol) => {
        if (symbol === "B") throw new Error("boom");
        return [row(1, symbol)];
      },
      (error) => (error as Error).message,
    );
    expect(result).toEqual({ rows: [row(1, "A")], error: "boom" });
  });

  it("words the status lines as the spec does", () => {
    expect(proteinStatusMessage({ kind: "off" }, "search")).toBeNull();
    expect(proteinStatusMessage({ kind: "looking-up", name: "x" }, "search")).toBe(
      'Looking up protein "x"...',
    );
    expect(proteinStatusMessage({ kind: "not-found", name: "x" }, "search")).toBe(
      'No genes found for protein "x". Trying regular search.',
    );
    expect(proteinStatusMessage({ kind: "not-found", name: "x" }, "filter")).toBe(
      'No genes found for protein "x". Continuing with regular filter.',
    );
    expect(proteinStatusMessage({ kind: "lookup-error", name: "x", message: "down" }, "search")).toBe(
      'Error looking up protein "x": down',
    );
    expect(proteinStatusMessage({ kind: "found", name: "x", genes: ["A", "B"] }, "search")).toBe(
      'Found 2 genes related to protein "x": A, B',
    );
  });
});
