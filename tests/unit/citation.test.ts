import { Cite } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import { describe, expect, it } from "vitest";
import {
  bibtexEscape,
  CITATION_FORMATS,
  type CitationInput,
  citationBibtex,
  citationCsl,
  citationFileName,
  citationFormats,
  citationOf,
  citationRis,
  citationText,
  citationTitle,
  releaseCitationText,
  releaseCitationTitle,
} from "../../schema/citation";

const dlg4: CitationInput = {
  title: citationTitle("DLG4", "SynaptopathyDB", "0.1.0"),
  portalName: "SynaptopathyDB",
  releaseVersion: "0.1.0",
  releaseDate: "2026-11-22",
  url: "https://synaptopathy.example.org/gene/DLG4",
  accessed: "2026-11-29",
};
/** Every BibTeX special character, in a title a study might have. */
const awkward: CitationInput = {
  ...dlg4,
  title: "A_b & c 50% #1 {x} $y^2 ~w \\v in SynaptopathyDB, release 0.1.0",
  url: "https://synaptopathy.example.org/study/HUSI_2000",
};

/** The entry as a BibTeX reader (Citation.js) reads it back, as CSL-JSON. */
const readBibtex = (text: string) => new Cite(text).data[0] as Record<string, unknown>;
/** The title read back, or null when the entry cannot be read at all. */
const titleReadBack = (text: string) => {
  try {
    return readBibtex(text).title;
  } catch {
    return null;
  }
};

describe("citations", () => {
  it("names the record, the portal, the release version and date, the canonical URL and the access date", () => {
    expect(dlg4.title).toBe("DLG4 in SynaptopathyDB, release 0.1.0");
    expect(citationText(dlg4)).toBe(
      "SynaptopathyDB. DLG4 in SynaptopathyDB, release 0.1.0 [dataset]. Version 0.1.0, 2026-11-22. https://synaptopathy.example.org/gene/DLG4 (accessed 2026-11-29).",
    );
  });

  it("writes BibTeX that a BibTeX reader reads back to the same title, author, URL, version and date", () => {
    const entry = readBibtex(citationBibtex(dlg4));
    expect(entry.title).toBe(dlg4.title);
    // One corporate name, not split into a first and a last name.
    expect(entry.author).toEqual([{ family: "SynaptopathyDB" }]);
    expect(entry.URL).toBe(dlg4.url);
    expect(entry.version).toBe("0.1.0");
    expect(entry.issued).toEqual({ "date-parts": [[2026, 11]] });
    expect(entry.accessed).toEqual({ "date-parts": [[2026, 11, 29]] });
    expect(citationBibtex(dlg4)).toMatch(/^@misc\{SynaptopathyDB_0_1_0_DLG4,\n/);
  });

  it("escapes every BibTeX special character, so the title reads back as written", () => {
    expect(bibtexEscape("50% & #1_a")).toBe("50\\% \\& \\#1\\_a");
    const bibtex = citationBibtex(awkward);
    expect(titleReadBack(bibtex)).toBe(awkward.title);
    // Unescaped, the same title does not survive: the reader fails on it or reads another title.
    const unescaped = bibtex.replace(/title = \{[^\n]*\},/, `title = {${awkward.title}},`);
    expect(unescaped).not.toBe(bibtex);
    expect(titleReadBack(unescaped)).not.toBe(awkward.title);
  });

  it("writes RIS: TY first, ER last, one CRLF-terminated `TAG  - value` line each, dates as YYYY/MM/DD/", () => {
    const ris = citationRis(dlg4);
    expect(ris.endsWith("\r\n")).toBe(true);
    const lines = ris.slice(0, -2).split("\r\n");
    for (const line of lines) expect(line).toMatch(/^[A-Z][A-Z0-9] {2}- /);
    expect(lines[0]).toBe("TY  - DATA");
    expect(lines.at(-1)).toBe("ER  - ");
    expect(lines).toContain("TI  - DLG4 in SynaptopathyDB, release 0.1.0");
    expect(lines).toContain("UR  - https://synaptopathy.example.org/gene/DLG4");
    expect(lines).toContain("DA  - 2026/11/22/");
    expect(lines).toContain("Y2  - 2026/11/29/");
    expect(lines).toContain("ET  - 0.1.0");
    // A title with a line break stays on its line.
    expect(citationRis({ ...dlg4, title: "two\nlines" })).toContain("TI  - two lines\r\n");
  });

  it("gives CSL-JSON that a CSL reader (Citation.js) takes as it is", () => {
    const csl = citationCsl(dlg4);
    expect(csl).toMatchObject({
      type: "dataset",
      title: dlg4.title,
      URL: dlg4.url,
      version: "0.1.0",
      issued: { "date-parts": [[2026, 11, 22]] },
      accessed: { "date-parts": [[2026, 11, 29]] },
    });
    expect(new Cite(csl).data[0]).toMatchObject({ title: dlg4.title, URL: dlg4.url, version: "0.1.0" });
    expect(JSON.parse(citationFormats(dlg4).csl)).toEqual([csl]);
  });

  it("says in every format that a release with synthetic rows is a sample dataset", () => {
    const release = { portalName: "SynaptopathyDB", version: "0.1.0", date: "2026-11-22", sample: true };
    const cited = { record: "DLG4", url: dlg4.url, accessed: dlg4.accessed };
    const sample = citationOf(cited, release);
    expect(sample.title).toBe("DLG4 in SynaptopathyDB, release 0.1.0 (sample dataset)");
    for (const text of Object.values(citationFormats(sample))) expect(text).toContain("(sample dataset)");
    expect(readBibtex(citationBibtex(sample)).title).toBe(sample.title);
    // A release of research data is cited without the mark, and otherwise the same.
    const real = citationOf(cited, { ...release, sample: false });
    expect(real).toEqual(dlg4);
    for (const text of Object.values(citationFormats(real))) expect(text).not.toContain("sample");
    expect(citationTitle("DLG4", "SynaptopathyDB", "0.1.0", true)).toBe(sample.title);
  });

  it("cites a release itself as '<portal> release <version>', under a key ending in its page", () => {
    const release = { portalName: "SynaptopathyDB", version: "0.1.0", date: "2026-11-22", sample: false };
    const input = citationOf(
      { record: null, url: "https://synaptopathy.example.org/data", accessed: "2026-11-29" },
      release,
    );
    expect(input.title).toBe("SynaptopathyDB release 0.1.0");
    expect(releaseCitationTitle("SynaptopathyDB", "0.1.0", true)).toBe(
      "SynaptopathyDB release 0.1.0 (sample dataset)",
    );
    expect(citationFileName(input, "bibtex")).toBe("SynaptopathyDB_0_1_0_data.bib");
  });

  it("names each format's file by the entry's key and the format's extension", () => {
    expect(CITATION_FORMATS.map((f) => citationFileName(dlg4, f.key))).toEqual([
      "SynaptopathyDB_0_1_0_DLG4.txt",
      "SynaptopathyDB_0_1_0_DLG4.bib",
      "SynaptopathyDB_0_1_0_DLG4.ris",
      "SynaptopathyDB_0_1_0_DLG4.json",
    ]);
    // A disease's DOID keeps letters and digits only.
    expect(citationFileName({ ...dlg4, url: "https://x.org/disease/DOID%3A1826" }, "ris")).toBe(
      "SynaptopathyDB_0_1_0_DOID_1826.ris",
    );
  });

  it("refuses a date that is not YYYY-MM-DD", () => {
    expect(() => citationRis({ ...dlg4, releaseDate: "22 November 2026" })).toThrow(RangeError);
  });
});

describe("a release's citation", () => {
  const release = {
    portalName: "SynaptopathyDB",
    releaseVersion: "0.1.0",
    releaseDate: "2026-11-22",
    url: "https://synaptopathy.example.org/data",
  };
  it("names the portal, the release's version and date and its page, with no access date", () => {
    expect(releaseCitationText({ ...release, sample: false })).toBe(
      "SynaptopathyDB. SynaptopathyDB release 0.1.0 [dataset]. Version 0.1.0, 2026-11-22. https://synaptopathy.example.org/data",
    );
  });
  it("titles a sample release as the Cite control does", () => {
    expect(releaseCitationText({ ...release, sample: true })).toContain(
      `${releaseCitationTitle("SynaptopathyDB", "0.1.0", true)} [dataset]`,
    );
    expect(releaseCitationText({ ...release, sample: true })).toMatch(/\(sample dataset\)/);
  });
});
