import { describe, expect, it } from "vitest";
import {
  parseOpenCards,
  parsePositiveId,
  parsePositiveInt,
  serializeOpenCards,
} from "../../web/src/lib/cardTabState";
import {
  DEFAULT_DOWNLOAD_NAME,
  fileNameFromContentDisposition,
  fixCsvSuffix,
  isJsonContentType,
} from "../../web/src/lib/download";
import {
  classifyReference,
  cleanReplacementChars,
  consensusKey,
  fillTemplate,
  formatCount,
  formatDiseaseName,
  formatInheritance,
  HIDDEN_REFERENCE,
  HIDDEN_SOURCE,
  orNA,
  visibleText,
  yesNo,
} from "../../web/src/lib/format";
import { GENE_TAB_KEYS, goDomainLabel, isPlaceholderPmid, syngoDomain } from "../../web/src/lib/geneTabs";
import { escapeRegExp, splitHighlight } from "../../web/src/lib/highlight";
import { isPagerVisible, pageWindow, totalPagesOf } from "../../web/src/lib/pager";
import { isProteinStyleTerm } from "../../web/src/lib/proteinTerm";
import { compareValues, sortBy } from "../../web/src/lib/sort";

describe("OMIM inheritance codes", () => {
  it("spells out the dataset's codes and keeps the code", () => {
    expect(formatInheritance("Mi")).toBe("Mitochondrial (Mi)");
    expect(formatInheritance(" AD ")).toBe("Autosomal dominant (AD)");
    expect(formatInheritance("AR")).toBe("Autosomal recessive (AR)");
    expect(formatInheritance("XL")).toBe("X-linked (XL)");
  });

  it("leaves unknown values as they are and empty values empty", () => {
    expect(formatInheritance("Multifactorial")).toBe("Multifactorial");
    expect(formatInheritance(null)).toBe("");
  });
});

describe("isProteinStyleTerm", () => {
  it.each([
    ["PSD-95", true],
    ["SAP90", true],
    ["Synaptophysin", true],
    ["abc", true],
    ["ab", false],
    ["", false],
    ["12345", false],
    ["123-4", true],
    ["PSD 95", false],
    ["PSD_95", false],
    ["DLG4;", false],
    ["  PSD-95  ", true],
  ])("%j → %s", (term, expected) => {
    expect(isProteinStyleTerm(term)).toBe(expected);
  });

  it("treats null and undefined as not protein-style", () => {
    expect(isProteinStyleTerm(null)).toBe(false);
    expect(isProteinStyleTerm(undefined)).toBe(false);
  });
});

describe("highlight", () => {
  const marked = (text: string, term: string) =>
    splitHighlight(text, term)
      .map((s) => (s.match ? `[${s.text}]` : s.text))
      .join("");

  it("wraps case-insensitive matches", () => {
    expect(marked("DLG4 and dlg4", "Dlg4")).toBe("[DLG4] and [dlg4]");
  });

  it("escapes regular-expression characters and matches them literally", () => {
    expect(() => splitHighlight("a+b", "a+b")).not.toThrow();
    expect(marked("x a+b aab", "a+b")).toBe("x [a+b] aab");
    expect(() => splitHighlight("f(x", "(x")).not.toThrow();
    expect(marked("f(x) and (x", "(x")).toBe("f[(x]) and [(x]");
    expect(marked("a.c abc", "a.c")).toBe("[a.c] abc");
    expect(marked("[1] \\d $^", "\\d")).toBe("[1] [\\d] $^");
    expect(escapeRegExp("a+b(c)[d]{e}*?^$|\\.")).toBe("a\\+b\\(c\\)\\[d\\]\\{e\\}\\*\\?\\^\\$\\|\\\\\\.");
  });

  it("returns the whole text unmarked for an empty term or no match", () => {
    expect(splitHighlight("DLG4", "")).toEqual([{ text: "DLG4", match: false }]);
    expect(splitHighlight("DLG4", "   ")).toEqual([{ text: "DLG4", match: false }]);
    expect(splitHighlight("DLG4", null)).toEqual([{ text: "DLG4", match: false }]);
    expect(splitHighlight("DLG4", "zz")).toEqual([{ text: "DLG4", match: false }]);
  });

  it("keeps every character of the text", () => {
    const text = "PSD-95, psd-95 (PSD-95)";
    expect(
      splitHighlight(text, "psd-95")
        .map((s) => s.text)
        .join(""),
    ).toBe(text);
  });
});

describe("CSV file names", () => {
  it("uses the Content-Disposition file name", () => {
    expect(fileNameFromContentDisposition('attachment; filename="gene_DLG4_v0.1.0.csv"')).toBe(
      "gene_DLG4_v0.1.0.csv",
    );
    expect(fileNameFromContentDisposition("attachment; filename=genes.csv")).toBe("genes.csv");
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''gene%20list.csv")).toBe(
      "gene list.csv",
    );
    expect(
      fileNameFromContentDisposition("attachment; filename=\"fallback.csv\"; filename*=UTF-8''preferred.csv"),
    ).toBe("preferred.csv");
  });

  it("falls back to download.csv", () => {
    expect(DEFAULT_DOWNLOAD_NAME).toBe("download.csv");
    expect(fileNameFromContentDisposition(null)).toBe("download.csv");
    expect(fileNameFromContentDisposition(undefined)).toBe("download.csv");
    expect(fileNameFromContentDisposition("")).toBe("download.csv");
    expect(fileNameFromContentDisposition("attachment")).toBe("download.csv");
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBe("download.csv");
  });

  it("trims the last character of a trailing '.csv_'", () => {
    expect(fixCsvSuffix("genes.csv_")).toBe("genes.csv");
    expect(fixCsvSuffix("genes.csv")).toBe("genes.csv");
    expect(fileNameFromContentDisposition('attachment; filename="papers.csv_"')).toBe("papers.csv");
    expect(fileNameFromContentDisposition("attachment; filename=papers.csv_")).toBe("papers.csv");
  });

  it("never lets the header choose a path", () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd.csv"')).toBe(
      ".._.._etc_passwd.csv",
    );
  });

  it("treats a JSON response as an error", () => {
    expect(isJsonContentType("application/json; charset=utf-8")).toBe(true);
    expect(isJsonContentType("application/problem+json")).toBe(true);
    expect(isJsonContentType("text/csv; charset=utf-8")).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });
});

describe("pager window", () => {
  it("is hidden when the total is at most the page size", () => {
    expect(isPagerVisible(10, 10)).toBe(false);
    expect(isPagerVisible(0, 10)).toBe(false);
    expect(isPagerVisible(11, 10)).toBe(true);
    expect(totalPagesOf(11, 10)).toBe(2);
    expect(totalPagesOf(0, 10)).toBe(1);
  });

  it("shows up to 7 pages in full", () => {
    for (let total = 1; total <= 7; total++) {
      for (let current = 1; current <= total; current++) {
        expect(pageWindow(current, total)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      }
    }
  });

  it("shows first, last and current ±1 with ellipses beyond 7 pages", () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, "ellipsis-end", 20]);
    expect(pageWindow(10, 20)).toEqual([1, "ellipsis-start", 9, 10, 11, "ellipsis-end", 20]);
    expect(pageWindow(20, 20)).toEqual([1, "ellipsis-start", 19, 20]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, "ellipsis-end", 20]);
    expect(pageWindow(3, 8)).toEqual([1, 2, 3, 4, "ellipsis-end", 8]);
  });

  it("clamps an out-of-range current page", () => {
    expect(pageWindow(99, 20)).toEqual([1, "ellipsis-start", 19, 20]);
    expect(pageWindow(0, 20)).toEqual([1, 2, "ellipsis-end", 20]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe("sorting", () => {
  it("puts empty values last in both directions", () => {
    const values = ["b", null, "a", "", undefined, "c"];
    expect(sortBy(values, (v) => v, "asc")).toEqual(["a", "b", "c", null, "", undefined]);
    expect(sortBy(values, (v) => v, "desc")).toEqual(["c", "b", "a", null, "", undefined]);
  });

  it("compares numbers by subtraction and strings by locale", () => {
    expect(sortBy([10, 9, 100, null, 1], (v) => v)).toEqual([1, 9, 10, 100, null]);
    expect(sortBy([10, 9, 100], (v) => v, "desc")).toEqual([100, 10, 9]);
    expect(compareValues("apple", "Banana")).toBeLessThan(0);
    expect(compareValues(2, 10)).toBeLessThan(0);
    expect(compareValues("   ", "a")).toBeGreaterThan(0);
  });

  it("is stable and does not change its input", () => {
    const rows = [
      { k: 1, id: "a" },
      { k: 0, id: "b" },
      { k: 1, id: "c" },
    ];
    const copy = [...rows];
    expect(sortBy(rows, (r) => r.k).map((r) => r.id)).toEqual(["b", "a", "c"]);
    expect(rows).toEqual(copy);
  });
});

describe("display rules", () => {
  it("formats disease names", () => {
    expect(formatDiseaseName("autism_spectrum_disorder")).toBe("Autism spectrum disorder");
    expect(formatDiseaseName("  epilepsy ")).toBe("Epilepsy");
    expect(formatDiseaseName(null)).toBe("");
  });

  it("classifies disease references", () => {
    expect(classifyReference("PMID:12345")).toEqual({ kind: "pubmed", id: "12345", label: "PMID:12345" });
    expect(classifyReference("RGD:1600115")).toMatchObject({ kind: "rgd", id: "1600115" });
    expect(classifyReference("see RGD:42 and more")).toMatchObject({ kind: "rgd", id: "42" });
    expect(classifyReference("1600115")).toMatchObject({ kind: "rgd", id: "1600115" });
    expect(classifyReference("from DOID:0060041")).toEqual({ kind: "text", label: "from DOID:0060041" });
  });

  it("hides 'not available' sources and references", () => {
    expect(visibleText("No source available", HIDDEN_SOURCE)).toBeNull();
    expect(visibleText("No reference available", HIDDEN_REFERENCE)).toBeNull();
    expect(visibleText("", HIDDEN_SOURCE)).toBeNull();
    expect(visibleText("SFARI Gene", HIDDEN_SOURCE)).toBe("SFARI Gene");
  });

  it("shows N/A, Yes/No, long dashes and thousands separators", () => {
    expect(orNA(null)).toBe("N/A");
    expect(orNA("  ")).toBe("N/A");
    expect(orNA(0)).toBe("0");
    expect(yesNo(true)).toBe("Yes");
    expect(yesNo(false)).toBe("No");
    expect(yesNo(null)).toBe("N/A");
    expect(cleanReplacementChars("Charcot\uFFFDMarie\uFFFDTooth")).toBe("Charcot\u2014Marie\u2014Tooth");
    expect(formatCount(1234567)).toBe("1,234,567");
  });

  it("writes counts as en-US does, without Intl for integers", () => {
    const values = [
      0,
      7,
      999,
      1000,
      -1000,
      12345,
      -999999,
      1000000,
      3421,
      Number.MAX_SAFE_INTEGER,
      0.5,
      1234.5678,
    ];
    for (const value of values) expect(formatCount(value), String(value)).toBe(value.toLocaleString("en-US"));
  });

  it("compares consensus ids as trimmed strings", () => {
    expect(consensusKey(1742)).toBe("1742");
    expect(consensusKey(" 1742 ")).toBe("1742");
    expect(consensusKey(null)).toBe("");
  });

  it("fills link templates, keeping ':' readable", () => {
    expect(fillTemplate("https://x.org/marker/{id}", { id: "MGI:1277959" })).toBe(
      "https://x.org/marker/MGI:1277959",
    );
    expect(fillTemplate("https://x.org/?q={id}", { id: "a b/c" })).toBe("https://x.org/?q=a%20b%2Fc");
    expect(fillTemplate("https://x.org/{missing}", {})).toBe("https://x.org/{missing}");
  });
});

describe("gene search address state", () => {
  const parseOpenParam = (value: string | null) => parseOpenCards(value, parsePositiveId, GENE_TAB_KEYS);

  it("round-trips expanded cards and their tabs", () => {
    const open = parseOpenParam("1:papers,5:go");
    expect([...open]).toEqual([
      [1, "papers"],
      [5, "go"],
    ]);
    expect(serializeOpenCards(open)).toBe("1:papers,5:go");
  });

  it("drops malformed entries and defaults unknown tabs to papers", () => {
    expect([...parseOpenParam("x:go,,-3:omim,7:nope,8")]).toEqual([
      [7, "papers"],
      [8, "papers"],
    ]);
    expect(parseOpenParam(null).size).toBe(0);
  });

  it("parses pages (useUrlSearch's page)", () => {
    expect(parsePositiveInt("3", 1)).toBe(3);
    expect(parsePositiveInt("0", 1)).toBe(1);
    expect(parsePositiveInt("2.5", 1)).toBe(1);
    expect(parsePositiveInt(null, 1)).toBe(1);
  });

  it("names GO and SynGO domains", () => {
    expect(goDomainLabel("biological_process")).toBe("biological_process");
    expect(goDomainLabel("CC")).toBe("cellular_component");
    expect(goDomainLabel(null)).toBe("Unknown");
    expect(syngoDomain("bp")).toEqual({ code: "BP", name: "Biological Process" });
    expect(syngoDomain("MF").name).toBe("Molecular Function");
  });

  it("recognises placeholder PMIDs of the sample dataset", () => {
    expect(isPlaceholderPmid(99100005)).toBe(true);
    expect(isPlaceholderPmid(10862698)).toBe(false);
    expect(isPlaceholderPmid(null)).toBe(false);
  });
});
