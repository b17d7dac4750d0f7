import { describe, expect, it } from "vitest";
import { toGraphml, xmlEscape } from "../../gateway/analysis/graphml";
import {
  identifierKinds,
  normaliseIdentifier,
  parseIdentifierList,
} from "../../gateway/analysis/identifiers";
import {
  benjaminiHochberg,
  fisherExactGreater,
  hypergeometricUpperTail,
  logChoose,
  logGamma,
} from "../../gateway/analysis/statistics";

describe("log-gamma and binomial coefficients", () => {
  it("matches factorials: ln Γ(n+1) = ln n!", () => {
    // 0! = 1, 4! = 24, 10! = 3,628,800
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(11)).toBeCloseTo(Math.log(3_628_800), 10);
    // Γ(1/2) = √π
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 12);
  });
  it("gives ln C(n, k) and -∞ outside the range", () => {
    expect(Math.exp(logChoose(10, 3))).toBeCloseTo(120, 8); // 10·9·8/6
    expect(Math.exp(logChoose(52, 5))).toBeCloseTo(2_598_960, 3); // poker hands
    expect(logChoose(5, 6)).toBe(Number.NEGATIVE_INFINITY);
    expect(logChoose(5, 0)).toBe(0);
  });
});

describe("hypergeometric upper tail and Fisher's exact test", () => {
  it("N=10, K=4, n=3, k≥2: [C(4,2)C(6,1) + C(4,3)C(6,0)] / C(10,3) = (36 + 4)/120 = 1/3", () => {
    expect(hypergeometricUpperTail(2, 10, 4, 3)).toBeCloseTo(1 / 3, 12);
    // The same as the 2×2 table [[2, 1], [2, 5]]
    expect(fisherExactGreater(2, 1, 2, 5)).toBeCloseTo(1 / 3, 12);
  });
  it("reproduces Fisher's lady tasting tea: table [[3,1],[1,3]], one-sided p = 17/70", () => {
    // P(X=3) = C(4,3)C(4,1)/C(8,4) = 16/70, P(X=4) = 1/70 → 17/70 ≈ 0.242857
    expect(fisherExactGreater(3, 1, 1, 3)).toBeCloseTo(17 / 70, 12);
    // all four right: 1/70
    expect(fisherExactGreater(4, 0, 0, 4)).toBeCloseTo(1 / 70, 12);
  });
  it("is 1 for k = 0, 0 for an impossible overlap, and the single term at the maximum", () => {
    expect(hypergeometricUpperTail(0, 100, 10, 20)).toBe(1);
    expect(hypergeometricUpperTail(11, 100, 10, 20)).toBe(0);
    // k = K = n = 2 of N = 5: C(2,2)C(3,0)/C(5,2) = 1/10
    expect(hypergeometricUpperTail(2, 5, 2, 2)).toBeCloseTo(0.1, 12);
  });
  it("stays accurate for large tables whose binomial coefficients overflow a double", () => {
    // 200 of 8000 genes drawn, a 400-gene term, all 200 carry it: P = C(400,200)/C(8000,200) (one term)
    // C(8000,200) ≈ 10^450 overflows, yet the ratio (≈ 10^-286) is representable.
    const p = hypergeometricUpperTail(200, 8000, 400, 200);
    const logP = logChoose(400, 200) - logChoose(8000, 200);
    expect(logChoose(8000, 200) / Math.LN10).toBeGreaterThan(400);
    expect(p).toBeGreaterThan(0);
    expect(Math.log(p)).toBeCloseTo(logP, 8);
    // a moderate case: the tail never exceeds 1 and grows as k falls
    const a = hypergeometricUpperTail(30, 8000, 400, 200);
    const b = hypergeometricUpperTail(20, 8000, 400, 200);
    expect(a).toBeGreaterThan(0);
    expect(a).toBeLessThan(b);
    expect(b).toBeLessThanOrEqual(1);
  });
  it("agrees with a direct summation for a mid-sized table", () => {
    const N = 60;
    const K = 15;
    const n = 20;
    let direct = 0;
    for (let i = 8; i <= 15; i++)
      direct += Math.exp(logChoose(K, i) + logChoose(N - K, n - i) - logChoose(N, n));
    expect(hypergeometricUpperTail(8, N, K, n)).toBeCloseTo(direct, 14);
  });
  it("rejects impossible counts", () => {
    expect(() => hypergeometricUpperTail(1, 5, 6, 2)).toThrow(RangeError);
    expect(() => hypergeometricUpperTail(-1, 5, 2, 2)).toThrow(RangeError);
  });
});

describe("Benjamini–Hochberg", () => {
  it("adjusts p·m/rank and keeps the input order", () => {
    // sorted 0.005(1) 0.01(2) 0.03(3) 0.04(4): 0.02, 0.02, 0.04, 0.04
    expect(benjaminiHochberg([0.01, 0.04, 0.03, 0.005])).toEqual([0.02, 0.04, 0.04, 0.02]);
  });
  it("is monotone: a smaller p never gets a larger FDR", () => {
    // raw 0.01·3/1 = 0.03, 0.02·3/2 = 0.03, 0.025·3/3 = 0.025 → all 0.025
    const out = benjaminiHochberg([0.01, 0.02, 0.025]);
    for (const v of out) expect(v).toBeCloseTo(0.025, 15);
  });
  it("caps at 1 and counts untested hypotheses in m", () => {
    // 0.5·2/1 = 1 → min(1, 0.9) → 0.9
    expect(benjaminiHochberg([0.5, 0.9])).toEqual([0.9, 0.9]);
    expect(benjaminiHochberg([0.6], 3)).toEqual([1]);
    // 0.01 with 9 more hypotheses at p = 1: 0.01·10 = 0.1
    expect(benjaminiHochberg([0.01], 10)[0]).toBeCloseTo(0.1, 15);
    expect(benjaminiHochberg([])).toEqual([]);
  });
});

describe("identifier lists", () => {
  it("splits on newlines, commas, tabs, spaces and semicolons and drops repeats case-insensitively", () => {
    expect(parseIdentifierList('DLG4\nCamk2a, 1742\tMGI:1277959; P78352  dlg4\r\n"SHANK3"')).toEqual([
      "DLG4",
      "Camk2a",
      "1742",
      "MGI:1277959",
      "P78352",
      "SHANK3",
    ]);
    expect(parseIdentifierList(" \n,;\t")).toEqual([]);
  });
  it("recognises each identifier system", () => {
    expect(identifierKinds("1742")).toEqual(["entrez"]);
    expect(identifierKinds("mgi:1277959")).toEqual(["mgi"]);
    expect(identifierKinds("ENSG00000132535.18")).toEqual(["ensembl"]);
    expect(identifierKinds("ENSMUSG00000020886")).toEqual(["ensembl"]);
    expect(identifierKinds("P78352")).toEqual(["uniprot", "symbol"]);
    expect(identifierKinds("A0A024R161")).toEqual(["uniprot", "symbol"]);
    expect(identifierKinds("DLG4")).toEqual(["symbol"]);
    expect(identifierKinds("PSD-95")).toEqual(["symbol"]);
  });
  it("normalises lookup keys", () => {
    expect(normaliseIdentifier("mgi:88256", "mgi")).toBe("MGI:88256");
    expect(normaliseIdentifier("ensg00000132535.4", "ensembl")).toBe("ENSG00000132535");
    expect(normaliseIdentifier("p78352-2", "uniprot")).toBe("P78352");
    expect(normaliseIdentifier("PSD-95", "symbol")).toBe("psd-95");
  });
});

describe("GraphML", () => {
  it("escapes markup and drops characters XML forbids", () => {
    expect(xmlEscape(`a<b>&"c'\u0001`)).toBe("a&lt;b&gt;&amp;&quot;c&apos;");
  });
  it("writes one node per gene and one edge per interaction", () => {
    const xml = toGraphml(
      [
        { geneId: 1, symbol: "A&B", isSeed: true, isConsensus: false, diseaseCount: 2, degree: 1 },
        { geneId: 2, symbol: "C", isSeed: false, isConsensus: true, diseaseCount: 0, degree: 1 },
      ],
      [{ source: 1, target: 2, type: "PPI", method: "<two-hybrid>" }],
      "test",
    );
    expect(xml).toContain('<node id="g1"><data key="symbol">A&amp;B</data>');
    expect(xml).toContain(
      '<edge id="e0" source="g1" target="g2"><data key="type">PPI</data><data key="method">&lt;two-hybrid&gt;</data>',
    );
    expect(xml.match(/<node /g)).toHaveLength(2);
  });
});
