import { describe, expect, it } from "vitest";
import {
  chapterDiseaseOwnFieldsMatch,
  chapterGeneMatches,
  normalizeChapterSearch,
  type SearchableChapterDisease,
  type SearchableChapterGene,
  searchChapterDiseases,
} from "../../schema/chapter-search";
import {
  featuredIcdChapters,
  geneCountLabel,
  isNumericChapter,
  normalizeChapterParam,
} from "../../web/src/lib/icdChapters";

const ch = (chapter: string, diseaseCount: number, geneCount: number) => ({
  chapter,
  diseaseCount,
  geneCount,
});

describe("featuredIcdChapters (spec 2 §5: >= 5 diseases, >= 5 genes, numeric, by genes desc)", () => {
  it("keeps only chapters meeting both thresholds with a numeric number", () => {
    const result = featuredIcdChapters(
      [ch("01", 4, 100), ch("02", 100, 4), ch("03", 5, 5), ch("V", 50, 500), ch("X", 9, 9)],
      10,
    );
    expect(result.map((c) => c.chapter)).toEqual(["03"]);
  });

  it("sorts by gene count descending, ties by chapter, and takes four by default", () => {
    const result = featuredIcdChapters([
      ch("05", 508, 478),
      ch("08", 706, 592),
      ch("20", 555, 478),
      ch("06", 205, 202),
      ch("15", 180, 141),
    ]);
    expect(result.map((c) => c.chapter)).toEqual(["08", "05", "20", "06"]);
  });

  it("does not reorder the input array", () => {
    const input = [ch("02", 10, 10), ch("08", 10, 90)];
    featuredIcdChapters(input);
    expect(input.map((c) => c.chapter)).toEqual(["02", "08"]);
  });

  it("returns fewer cards when fewer chapters qualify, none for a non-positive limit", () => {
    expect(featuredIcdChapters([ch("08", 10, 10)])).toHaveLength(1);
    expect(featuredIcdChapters([ch("08", 10, 10)], 0)).toEqual([]);
  });
});

describe("chapter parameters", () => {
  it("recognises numeric chapters", () => {
    expect(isNumericChapter("08")).toBe(true);
    expect(isNumericChapter("V")).toBe(false);
    expect(isNumericChapter("")).toBe(false);
  });

  it("pads digits to two and rejects anything else", () => {
    expect(normalizeChapterParam("8")).toBe("08");
    expect(normalizeChapterParam(" 08 ")).toBe("08");
    expect(normalizeChapterParam(8)).toBe("08");
    expect(normalizeChapterParam(26)).toBe("26");
    expect(normalizeChapterParam("00")).toBeNull();
    expect(normalizeChapterParam("123")).toBeNull();
    expect(normalizeChapterParam("V")).toBeNull();
    expect(normalizeChapterParam(8.5)).toBeNull();
    expect(normalizeChapterParam(null)).toBeNull();
    expect(normalizeChapterParam(undefined)).toBeNull();
  });
});

const gene = (
  humanName: string,
  entrezId: number,
  description: string | null,
  aliases: string[],
  chromosomeLocation: string | null,
): SearchableChapterGene => ({ entrezId, gene: { humanName, description, aliases, chromosomeLocation } });

const SMN1 = gene("SMN1", 6606, "survival of motor neuron 1, telomeric", ["SMA1", "GEMIN1"], "5q13.2");
const DLG4 = gene("DLG4", 1742, "discs large MAGUK scaffold protein 4", ["PSD95"], "17p13.1");
const SCN1A = gene("SCN1A", 6323, "sodium voltage-gated channel alpha subunit 1", ["NAC1"], "2q24.3");

const diseases: SearchableChapterDisease[] = [
  {
    name: "spinal muscular atrophy",
    omimId: 253300,
    description: "a motor neuron disease",
    inheritance: "AR",
    icdCode: "G12.0",
    genes: [SMN1],
  },
  {
    name: "Dravet syndrome",
    omimId: 607208,
    description: null,
    inheritance: "AD",
    icdCode: "G40.834",
    genes: [SCN1A, DLG4],
  },
  {
    name: "intellectual disability",
    omimId: 617320,
    description: "impaired cognition",
    inheritance: null,
    icdCode: null,
    genes: [DLG4],
  },
];

describe("chapter dialog search (spec 2 §5)", () => {
  it("trims and lowercases the search text", () => {
    expect(normalizeChapterSearch("  DLG4 ")).toBe("dlg4");
  });

  it("matches each gene field: symbol, Entrez id, full name, alias, location", () => {
    expect(chapterGeneMatches(DLG4, "dlg")).toBe(true);
    expect(chapterGeneMatches(DLG4, "1742")).toBe(true);
    expect(chapterGeneMatches(DLG4, "maguk")).toBe(true);
    expect(chapterGeneMatches(DLG4, "psd95")).toBe(true);
    expect(chapterGeneMatches(DLG4, "17p13")).toBe(true);
    expect(chapterGeneMatches(DLG4, "scn")).toBe(false);
  });

  it("matches each disease field: name, OMIM id, description, inheritance, ICD code", () => {
    const [sma] = diseases;
    if (!sma) throw new Error("fixture");
    expect(chapterDiseaseOwnFieldsMatch(sma, "muscular")).toBe(true);
    expect(chapterDiseaseOwnFieldsMatch(sma, "253300")).toBe(true);
    expect(chapterDiseaseOwnFieldsMatch(sma, "motor neuron")).toBe(true);
    expect(chapterDiseaseOwnFieldsMatch(sma, "ar")).toBe(true);
    expect(chapterDiseaseOwnFieldsMatch(sma, "autosomal recessive")).toBe(true);
    expect(chapterDiseaseOwnFieldsMatch(sma, "dominant")).toBe(false);
    expect(chapterDiseaseOwnFieldsMatch(sma, "g12.0")).toBe(true);
    expect(chapterDiseaseOwnFieldsMatch(sma, "dravet")).toBe(false);
  });

  it("lists every disease without a search and no matching genes", () => {
    const result = searchChapterDiseases(diseases, "   ");
    expect(result.term).toBe("");
    expect(result.hits).toHaveLength(3);
    expect(result.hits.every((h) => !h.hasMatchingGenes)).toBe(true);
    expect(result.matchingGeneNames).toEqual([]);
  });

  it("finds diseases through their genes and counts each matching gene once", () => {
    const result = searchChapterDiseases(diseases, " PSD95 ");
    expect(result.hits.map((h) => h.disease.name)).toEqual(["Dravet syndrome", "intellectual disability"]);
    expect(result.hits.every((h) => h.hasMatchingGenes)).toBe(true);
    expect(result.matchingGeneNames).toEqual(["DLG4"]);
  });

  it("keeps a disease matching on its own fields without flagging matching genes", () => {
    const result = searchChapterDiseases(diseases, "cognition");
    expect(result.hits).toEqual([{ disease: diseases[2], hasMatchingGenes: false }]);
    expect(result.matchingGeneNames).toEqual([]);
  });

  it("returns matching gene names alphabetically", () => {
    // 'q' occurs in the locations 5q13.2 and 2q24.3 but not in 17p13.1.
    const result = searchChapterDiseases(diseases, "q");
    expect(result.matchingGeneNames).toEqual(["SCN1A", "SMN1"]);
    expect(result.hits.map((h) => h.disease.omimId)).toEqual([253300, 607208]);
  });

  it("returns nothing for a term that matches no field", () => {
    const result = searchChapterDiseases(diseases, "zzzz");
    expect(result.hits).toEqual([]);
    expect(result.matchingGeneNames).toEqual([]);
  });
});

describe("labels", () => {
  it("uses gene for one and genes otherwise", () => {
    expect(geneCountLabel(1)).toBe("1 gene");
    expect(geneCountLabel(0)).toBe("0 genes");
    expect(geneCountLabel(2)).toBe("2 genes");
  });
});
