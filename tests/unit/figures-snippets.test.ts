import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  citationLine,
  figureCaption,
  figureFileName,
  filtersLine,
  releaseLine,
  wrapText,
} from "../../web/src/lib/figureCaption";
import { crc32, physChunk, pixelsPerMetre, readPngInfo, withPngDpi } from "../../web/src/lib/pngDpi";
import { curlSnippet, pythonSnippet, rSnippet, snippetRequest, snippets } from "../../web/src/lib/snippets";

/** A valid 2×1 RGB PNG built by hand (IHDR, IDAT, IEND), optionally with a pHYs chunk. */
function tinyPng(phys?: Uint8Array): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, "latin1");
    Buffer.from(data).copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0, 0, 0, 255]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    ...(phys ? [Buffer.from(phys)] : []),
    chunk("IDAT", pixels),
    chunk("IEND", new Uint8Array()),
  ]);
}

describe("PNG resolution (pHYs)", () => {
  it("computes the PNG CRC-32 (the check value of '123456789' and IEND's known CRC)", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    expect(crc32(new TextEncoder().encode("IEND"))).toBe(0xae426082);
  });

  it("writes a 300-dpi pHYs chunk right after IHDR with a correct CRC", () => {
    expect(pixelsPerMetre(300)).toBe(11811);
    const png = withPngDpi(tinyPng(), 300);
    const bytes = Buffer.from(png);
    expect(bytes.subarray(37, 41).toString("latin1")).toBe("pHYs");
    expect(bytes.readUInt32BE(41)).toBe(11811);
    expect(bytes.readUInt32BE(45)).toBe(11811);
    expect(bytes[49]).toBe(1);
    expect(readPngInfo(png)).toEqual({ width: 2, height: 1, dpi: 300, crcValid: true });
    expect(readPngInfo(tinyPng()).dpi).toBeNull();
  });

  it("replaces a pHYs the PNG already had instead of adding a second one", () => {
    const png = Buffer.from(withPngDpi(tinyPng(physChunk(72)), 300));
    expect(png.toString("latin1").split("pHYs")).toHaveLength(2);
    expect(readPngInfo(png).dpi).toBe(300);
    expect(() => withPngDpi(new Uint8Array([1, 2, 3]), 300)).toThrow("Not a PNG");
  });
});

describe("figure captions", () => {
  const base = {
    title: "Genes per ICD-11 chapter.",
    filters: [
      { label: "Mode", value: "consensus" },
      { label: "Compartment", value: "" },
    ],
    release: { name: "demo", version: "0.1.0", hasSyntheticData: true },
    citation: null,
    productName: "SynaptopathyDB",
    pageUrl: "https://portal.example/disease-classifications",
    accessed: "2026-01-02",
  };

  it("states what is shown, the filters set, the release with its synthetic rows, and how to cite", () => {
    expect(figureCaption({ ...base, notes: ["Years are synthetic."] })).toEqual([
      "Genes per ICD-11 chapter.",
      "Filters: Mode: consensus.",
      "Years are synthetic.",
      "Dataset release: demo 0.1.0. This release contains labelled synthetic sample data; it is not research data throughout.",
      "Cite: SynaptopathyDB, https://portal.example/disease-classifications (accessed 2026-01-02).",
    ]);
  });

  it("names the configured paper, says when no filter is set, and when the release is unknown", () => {
    expect(citationLine({ ...base, citation: "Doe J. SynaptopathyDB. J 1 (2026). DOI: 10.1/x" })).toBe(
      "Cite: Doe J. SynaptopathyDB. J 1 (2026). DOI: 10.1/x Source: SynaptopathyDB, https://portal.example/disease-classifications (accessed 2026-01-02).",
    );
    expect(filtersLine([])).toBe("Filters: none (all data shown).");
    expect(releaseLine(null)).toBe("Dataset release: unknown.");
    expect(releaseLine({ name: "real", version: "2.0", hasSyntheticData: false })).toBe(
      "Dataset release: real 2.0.",
    );
  });

  it("wraps at spaces, cuts an address longer than a line, and makes safe file names", () => {
    expect(wrapText("one two three four", 9)).toEqual(["one two", "three", "four"]);
    expect(wrapText("see https://x.example/abcdefghij", 12)).toEqual([
      "see",
      "https://x.ex",
      "ample/abcdef",
      "ghij",
    ]);
    expect(figureFileName("Brain region: Cerebral cortex / Presynaptic", "svg")).toBe(
      "brain-region-cerebral-cortex-presynaptic.svg",
    );
    expect(figureFileName("///", "png")).toBe("figure.png");
  });
});

describe("API code snippets", () => {
  const query = "query Q($id: Int!) {\n  gene(id: $id) {\n    symbol\n  }\n}";

  it("uses the REST path with its query parameters for a GET, and reads the envelope's data", () => {
    const call = { origin: "https://p.example", restUrl: "/api/disease/search?q=it's&page=2", query };
    const request = snippetRequest(call);
    expect(request).toMatchObject({
      method: "GET",
      url: "https://p.example/api/disease/search",
      answer: "envelope",
    });
    expect(curlSnippet(request)).toBe("curl -sS 'https://p.example/api/disease/search?q=it%27s&page=2'");
    expect(pythonSnippet(request)).toContain('params = {\n    "q": "it\'s",\n    "page": "2",\n}');
    expect(pythonSnippet(request)).toContain(
      'response = requests.get("https://p.example/api/disease/search", params=params, timeout=60)',
    );
    expect(rSnippet(request)).toBe(
      'library(httr2)\n\nresponse <- request("https://p.example/api/disease/search") |>\n  req_url_query(q = "it\'s", page = "2") |>\n  req_perform()\ndata <- resp_body_json(response)$data\nstr(data)\n',
    );
  });

  it("POSTs a REST body and reads CSV as text when the path answers CSV", () => {
    const code = snippets({
      origin: "https://p.example",
      restUrl: "/api/analyze?table=genes&format=csv",
      restBody: { identifiers: ["DLG4"], background: "dataset" },
      query,
    });
    expect(code.curl).toContain(
      `-X POST \\\n  -H 'Content-Type: application/json' \\\n  --data-raw '{"identifiers":["DLG4"],"background":"dataset"}'`,
    );
    expect(code.python).toContain('print(response.text, end="")');
    // A one-gene list stays a JSON array in R (a list, not an atomic vector jsonlite would unbox).
    expect(code.r).toContain(
      'req_body_json(list(\n    identifiers = list(\n      "DLG4"\n    ),\n    background = "dataset"\n  ))',
    );
    expect(code.r).toContain("read.csv(text = resp_body_string(response))");
  });

  it("falls back to the GraphQL query, variables included, when a table has no REST path", () => {
    const code = snippets({ origin: "https://p.example", query, variables: { id: 7 } });
    expect(code.curl).toContain("'https://p.example/graphql'");
    expect(code.curl).toContain(`"variables":{"id":7}`);
    expect(code.python).toContain('"variables": {\n        "id": 7,\n    },');
    expect(code.r).toContain("variables = list(\n      id = 7\n    )");
  });
});
