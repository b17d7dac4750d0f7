import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
}
interface CompartmentProtein {
  GeneID: number;
  HumanName: string;
  HumanEntrez: number | null;
  MouseEntrez: number | null;
  RatEntrez: number | null;
  MGI: string | null;
  paper_count: number;
  frequency: string;
}

interface RegionCompartment {
  name: string;
  protein_count: number;
  paper_count: number;
  top_proteins: { id: number; name: string; paper_count: number }[];
  species_distribution: { species_name: string; protein_count: number }[];
}
interface BrainRegionsResponse
  extends Envelope<
    {
      region_id: number;
      name: string;
      description: string | null;
      interlex_id: string | null;
      distinct_protein_count: number;
      paper_count: number;
      compartments: RegionCompartment[];
    }[]
  > {
  consensus_gene_count: number;
  compartments: string[];
  total_proteins_mapped: number;
}

const parseCsv = (text: string) =>
  parse(text, { columns: true, relax_quotes: false, relax_column_count: false }) as Record<string, string>[];
const cell = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const COMPARTMENTS = ["Postsynaptic", "Presynaptic", "Synaptosome", "Synaptic_Vesicle"];

describe.each(testDatabases)("protein compartments and brain regions on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("summarises the four compartments with their distinct protein counts", async () => {
    const { status, body } = await api.json<Envelope<{ compartment: string; protein_count: number }[]>>(
      "/api/proteins/compartments",
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toEqual([
      { compartment: "Postsynaptic", protein_count: 4326 },
      { compartment: "Presynaptic", protein_count: 3632 },
      { compartment: "Synaptosome", protein_count: 7534 },
      { compartment: "Synaptic_Vesicle", protein_count: 282 },
    ]);
  });

  it("lists a compartment's proteins by symbol with study counts and frequency bands", async () => {
    const { status, body } = await api.json<Envelope<CompartmentProtein[]>>(
      "/api/proteins/compartment/Postsynaptic",
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(4326);
    expect(body.data.find((p) => p.HumanName === "DLG4")).toEqual({
      GeneID: 1,
      HumanName: "DLG4",
      HumanEntrez: 1742,
      MouseEntrez: 13385,
      RatEntrez: 29495,
      MGI: "MGI:1277959",
      paper_count: 28,
      frequency: ">10",
    });
    const names = body.data.map((p) => p.HumanName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    for (const p of body.data) {
      const band =
        p.paper_count === 1 ? "1" : p.paper_count <= 3 ? "2-3" : p.paper_count <= 10 ? "4-9" : ">10";
      expect(p.frequency).toBe(band);
    }
    expect(new Set(body.data.map((p) => p.frequency))).toEqual(new Set(["1", "2-3", "4-9", ">10"]));
  });

  it("accepts a compartment in any case", async () => {
    const { status, body } = await api.json<Envelope<CompartmentProtein[]>>(
      "/api/proteins/compartment/synaptic_vesicle",
    );
    expect(status).toBe(200);
    expect(body.data).toHaveLength(282);
    expect(body.data.every((p) => p.paper_count >= 1 && p.paper_count <= 3)).toBe(true);
  });

  it.each(["/api/proteins/compartment/Dendrite", "/api/proteins/compartment/Dendrite/csv"])(
    "refuses an unknown compartment (%s)",
    async (path) => {
      const response = await api.json<Envelope>(path);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        message: `Invalid compartment. Must be one of: ${COMPARTMENTS.join(", ")}`,
      });
    },
  );

  it("exports a compartment as a CSV that parses back to the JSON rows", async () => {
    const response = await api.get("/api/proteins/compartment/Synaptic_Vesicle/csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="compartment_Synaptic_Vesicle_proteins_v0.1.0.csv"',
    );
    const rows = parseCsv(await response.text());
    const json = (
      await api.json<Envelope<CompartmentProtein[]>>("/api/proteins/compartment/Synaptic_Vesicle")
    ).body.data;
    expect(rows).toEqual(
      json.map((p) => ({
        "Gene ID": cell(p.GeneID),
        "Gene Symbol": p.HumanName,
        "Human Entrez": cell(p.HumanEntrez),
        "Mouse Entrez": cell(p.MouseEntrez),
        "Rat Entrez": cell(p.RatEntrez),
        MGI: cell(p.MGI),
        "Paper Count": cell(p.paper_count),
        Frequency: p.frequency,
      })),
    );
  });

  it("keeps SQL round trips flat whatever the compartment's size", async () => {
    const small = await api.get("/api/proteins/compartment/Synaptic_Vesicle");
    const big = await api.get("/api/proteins/compartment/Synaptosome");
    expect(big.status).toBe(200);
    const n = Number(small.headers.get("x-sql-queries"));
    expect(n).toBeGreaterThan(0);
    expect(Number(big.headers.get("x-sql-queries"))).toBe(n);
  });

  it("serves the same data through GraphQL", async () => {
    const { body } = await api.graphql<{
      compartments: { compartment: string; proteinCount: number }[];
      compartmentProteins: { gene: { humanName: string }; paperCount: number; frequency: string }[];
    }>(`{ compartments { compartment proteinCount }
          compartmentProteins(compartment: Presynaptic) { gene { humanName } paperCount frequency } }`);
    expect(body.data?.compartments.find((c) => c.compartment === "Presynaptic")?.proteinCount).toBe(3632);
    expect(body.data?.compartmentProteins).toHaveLength(3632);
    expect(body.data?.compartmentProteins.find((p) => p.gene.humanName === "DLG4")).toEqual({
      gene: { humanName: "DLG4" },
      paperCount: 12,
      frequency: ">10",
    });
  });

  describe("the compartment panel's table (compartmentProteinTable)", () => {
    const TABLE = `query Table($c: CompartmentName!, $search: String!, $frequency: FrequencyBand, $sortBy: CompartmentProteinSortKey!,
        $sortDir: SortDirection, $page: Int!, $pageSize: Int!) {
      compartmentProteinTable(compartment: $c, search: $search, frequency: $frequency, sortBy: $sortBy,
          sortDir: $sortDir, page: $page, pageSize: $pageSize) {
        proteins { gene { id } }
        pagination { page pageSize total totalPages }
      } }`;
    type TablePage = {
      compartmentProteinTable: {
        proteins: { gene: { id: number } }[];
        pagination: { page: number; pageSize: number; total: number; totalPages: number };
      };
    };
    const BANDS = {
      "1": "ONE",
      "2-3": "TWO_TO_THREE",
      "4-9": "FOUR_TO_NINE",
      ">10": "MORE_THAN_TEN",
    } as const;
    const sortKeys = {
      HUMAN_NAME: "HumanName",
      HUMAN_ENTREZ: "HumanEntrez",
      PAPER_COUNT: "paper_count",
    } as const;

    /** The expected order, worked out here from the REST list (symbol order): a stable sort, empty values last. */
    function expected(
      all: CompartmentProtein[],
      search: string,
      frequency: string | null,
      sortBy: keyof typeof sortKeys,
      desc: boolean,
    ): number[] {
      const term = search.toLowerCase();
      const key = sortKeys[sortBy];
      return all
        .filter(
          (p) =>
            (!term ||
              p.HumanName.toLowerCase().includes(term) ||
              [p.HumanEntrez, p.MouseEntrez, p.RatEntrez].some(
                (id) => id !== null && String(id).includes(term),
              ) ||
              (p.MGI ?? "").toLowerCase().includes(term)) &&
            (frequency === null || p.frequency === frequency),
        )
        .sort((a, b) => {
          const x = a[key];
          const y = b[key];
          if (x === null || y === null) return Number(x === null) - Number(y === null);
          const order =
            typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y), "en");
          return desc ? -order : order;
        })
        .map((p) => p.GeneID);
    }

    it.each([
      ["", null, "HUMAN_NAME", false],
      ["", null, "PAPER_COUNT", true],
      ["", "2-3", "HUMAN_ENTREZ", false],
      ["", null, "HUMAN_ENTREZ", true],
      ["sy", null, "PAPER_COUNT", false],
      ["13", "1", "HUMAN_NAME", true],
      ["mgi:19", null, "PAPER_COUNT", true],
    ] as const)(
      "search %j, frequency %j, sorted by %s (desc %s): its pages are the whole list filtered and sorted",
      async (search, frequency, sortBy, desc) => {
        const all = (
          await api.json<Envelope<CompartmentProtein[]>>("/api/proteins/compartment/Synaptic_Vesicle")
        ).body.data;
        const want = expected(all, search, frequency, sortBy, desc);
        expect(want.length).toBeGreaterThan(0);
        const pageSize = 100;
        const got: number[] = [];
        for (let page = 1; page <= Math.ceil(want.length / pageSize); page++) {
          const { body } = await api.graphql<TablePage>(TABLE, {
            c: "Synaptic_Vesicle",
            search,
            frequency: frequency === null ? null : BANDS[frequency],
            sortBy,
            sortDir: desc ? "DESC" : "ASC",
            page,
            pageSize,
          });
          expect(body.errors).toBeUndefined();
          const table = body.data!.compartmentProteinTable;
          expect(table.pagination).toEqual({
            page,
            pageSize,
            total: want.length,
            totalPages: Math.ceil(want.length / pageSize),
          });
          got.push(...table.proteins.map((p) => p.gene.id));
        }
        expect(got).toEqual(want);
      },
    );

    it("reads a page in as many statements for the largest compartment as for the smallest, its rows held per release", async () => {
      const statements = async (compartment: string, page: number) => {
        const query = `{ compartmentProteinTable(compartment: ${compartment}, search: "", sortBy: PAPER_COUNT,
          sortDir: DESC, page: ${page}, pageSize: 20) { proteins { gene { id } } } }`;
        const response = await api.get(`/graphql?query=${encodeURIComponent(query)}`);
        expect(response.status).toBe(200);
        return Number(response.headers.get("x-sql-queries"));
      };
      await statements("Synaptosome", 7); // the compartments' rows are read once for the release
      const small = await statements("Synaptic_Vesicle", 8);
      expect(small).toBeGreaterThan(0);
      expect(small).toBeLessThanOrEqual(3);
      expect(await statements("Synaptosome", 9)).toBe(small);
    });

    it("serves the last page for a page past the end; a band is asked for by its enum name", async () => {
      const vars = { c: "Postsynaptic", search: "dlg", frequency: null, sortBy: "HUMAN_NAME", pageSize: 5 };
      const { body } = await api.graphql<TablePage>(TABLE, { ...vars, page: 999 });
      const { pagination, proteins } = body.data!.compartmentProteinTable;
      expect(pagination.page).toBe(pagination.totalPages);
      expect(proteins.length).toBe(pagination.total - (pagination.totalPages - 1) * 5);
      const bad = await api.graphql<TablePage>(TABLE, { ...vars, frequency: "2-3", page: 1 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.[0]?.message).toContain('Value "2-3" does not exist in "FrequencyBand" enum');
    });

    it("is the paged form the cost model points to when the whole largest compartment is asked for", async () => {
      // What the panel asked for before it was paged, as Apollo Client sends it (with __typename).
      const whole = `{ compartmentProteins(compartment: Synaptosome) { __typename paperCount frequency
        gene { __typename id humanName humanEntrez mouseEntrez ratEntrez mgi uniprotId ensemblId } } }`;
      const refused = await api.graphql(whole);
      expect(refused.body.errors?.[0]?.message).toContain("compartmentProteinTable(page, pageSize)");
      const { body } = await api.graphql<TablePage>(TABLE, {
        c: "Synaptosome",
        search: "",
        sortBy: "HUMAN_NAME",
        page: 1,
        pageSize: 100,
      });
      expect(body.errors).toBeUndefined();
      expect(body.data!.compartmentProteinTable.pagination.total).toBe(7534);
    });
  });

  it("maps consensus proteins per brain region and compartment", async () => {
    const { status, body } = await api.json<BrainRegionsResponse>("/api/proteins/brain-regions");
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.consensus_gene_count).toBe(3421);
    expect(body.total_proteins_mapped).toBe(3421);
    expect(body.compartments).toEqual(COMPARTMENTS);
    expect(body.message).toBe("3421 consensus proteins across 18 brain regions and 4 compartments");
    expect(body.data).toHaveLength(18);
    const names = body.data.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    const hippocampus = body.data.find((r) => r.region_id === 7)!;
    expect(hippocampus).toMatchObject({
      name: "Hippocampus",
      description: "Hippocampus",
      interlex_id: "ILX:0105021",
      distinct_protein_count: 2042,
      paper_count: 5,
    });
    expect(hippocampus.compartments.map((c) => c.name)).toEqual(COMPARTMENTS);
    const post = hippocampus.compartments[0]!;
    expect(post).toMatchObject({ name: "Postsynaptic", protein_count: 1665, paper_count: 3 });
    expect(post.top_proteins).toHaveLength(10);
    expect(post.top_proteins.slice(0, 2)).toEqual([
      { id: 1, name: "DLG4", paper_count: 3 },
      { id: 2, name: "CAMK2A", paper_count: 3 },
    ]);
    expect(post.species_distribution).toEqual([
      { species_name: "rat", protein_count: 1326 },
      { species_name: "mouse", protein_count: 870 },
    ]);
    expect(hippocampus.compartments[3]).toEqual({
      name: "Synaptic_Vesicle",
      protein_count: 0,
      paper_count: 0,
      top_proteins: [],
      species_distribution: [],
    });
    // A region no study sampled directly is listed with zero counts.
    expect(body.data.find((r) => r.region_id === 18)).toMatchObject({
      name: "Caudal cortex",
      distinct_protein_count: 0,
    });
  });

  it("honours top_limit", async () => {
    const { body } = await api.json<BrainRegionsResponse>("/api/proteins/brain-regions?top_limit=3");
    for (const region of body.data)
      for (const c of region.compartments) expect(c.top_proteins.length).toBe(Math.min(3, c.protein_count));
  });

  it.each([
    ["/api/proteins/brain-regions?top_limit=0", 400, "top_limit must be at least 1"],
    ["/api/proteins/brain-regions?top_limit=101", 400, "top_limit must be at most 100"],
    ["/api/proteins/brain-regions?top_limit=x", 400, "top_limit must be a whole number"],
    ["/api/proteins/brain-regions/99/All/csv", 404, "Brain region not found"],
    ["/api/proteins/brain-regions/abc/All/csv", 400, "Invalid region id"],
    [
      "/api/proteins/brain-regions/7/Dendrite/csv",
      400,
      `Invalid compartment. Must be one of: All, ${COMPARTMENTS.join(", ")}`,
    ],
    ["/api/proteins/brain-regions/csv?region_id=99", 404, "Brain region not found"],
    ["/api/proteins/brain-regions/csv?region_id=0", 400, "Invalid region id"],
    [
      "/api/proteins/brain-regions/csv?compartment=Axon",
      400,
      `Invalid compartment. Must be one of: All, ${COMPARTMENTS.join(", ")}`,
    ],
  ])("GET %s answers %i", async (path, status, message) => {
    const response = await api.json<Envelope>(path);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ success: false, message });
  });

  it("exports one region and compartment as a CSV that matches the JSON counts", async () => {
    const response = await api.get("/api/proteins/brain-regions/7/Postsynaptic/csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="brain_region_proteins_region_7_Postsynaptic_v0.1.0.csv"',
    );
    const rows = parseCsv(await response.text());
    const region = (await api.json<BrainRegionsResponse>("/api/proteins/brain-regions")).body.data.find(
      (r) => r.region_id === 7,
    )!;
    const post = region.compartments[0]!;
    expect(rows).toHaveLength(post.protein_count);
    expect(new Set(rows.map((r) => r["Gene ID"])).size).toBe(post.protein_count);
    expect(rows.every((r) => r["Brain Region"] === "Hippocampus" && r.Compartment === "Postsynaptic")).toBe(
      true,
    );
    expect(
      rows.slice(0, 10).map((r) => ({
        id: Number(r["Gene ID"]),
        name: r["Gene Symbol"],
        paper_count: Number(r["Paper Count"]),
      })),
    ).toEqual(post.top_proteins);
    for (const s of post.species_distribution)
      expect(rows.filter((r) => r.Species.split(";").includes(s.species_name))).toHaveLength(s.protein_count);
    expect(rows.find((r) => r["Gene Symbol"] === "DLG4")).toEqual({
      "Region ID": "7",
      "Brain Region": "Hippocampus",
      "InterLex ID": "ILX:0105021",
      Compartment: "Postsynaptic",
      "Gene ID": "1",
      "Gene Symbol": "DLG4",
      "Human Entrez": "1742",
      "Paper Count": "3",
      Species: expect.stringMatching(/^(mouse|rat)(;(mouse|rat))?$/),
    });
  });

  it("exports a region's every compartment (All) and the full dataset with the same rows", async () => {
    const all = parseCsv(await (await api.get("/api/proteins/brain-regions/3/All/csv")).text());
    const query = parseCsv(await (await api.get("/api/proteins/brain-regions/csv?region_id=3")).text());
    expect(query).toEqual(all);
    const region = (await api.json<BrainRegionsResponse>("/api/proteins/brain-regions")).body.data.find(
      (r) => r.region_id === 3,
    )!;
    for (const c of region.compartments)
      expect(all.filter((r) => r.Compartment === c.name)).toHaveLength(c.protein_count);
    expect(new Set(all.map((r) => r["Gene ID"])).size).toBe(region.distinct_protein_count);

    const vesicles = await api.get(
      "/api/proteins/brain-regions/csv?region_id=3&compartment=Synaptic_Vesicle",
    );
    expect(vesicles.headers.get("content-disposition")).toBe(
      'attachment; filename="brain_region_proteins_region_3_Synaptic_Vesicle_v0.1.0.csv"',
    );
    expect(parseCsv(await vesicles.text())).toEqual(all.filter((r) => r.Compartment === "Synaptic_Vesicle"));

    const full = await api.get("/api/proteins/brain-regions/csv");
    expect(full.status).toBe(200);
    expect(full.headers.get("content-disposition")).toBe(
      'attachment; filename="brain_region_proteins_all_regions_All_v0.1.0.csv"',
    );
    const everything = parseCsv(await full.text());
    const json = (await api.json<BrainRegionsResponse>("/api/proteins/brain-regions")).body.data;
    const cells = json.flatMap((r) => r.compartments).reduce((sum, c) => sum + c.protein_count, 0);
    expect(everything).toHaveLength(cells);
    expect(everything.filter((r) => r["Region ID"] === "3")).toEqual(all);
  });

  it("keeps SQL round trips flat for the heatmap whatever top_limit asks", async () => {
    const small = await api.get("/api/proteins/brain-regions?top_limit=1");
    const big = await api.get("/api/proteins/brain-regions?top_limit=100");
    const n = Number(small.headers.get("x-sql-queries"));
    expect(n).toBeGreaterThan(0);
    expect(Number(big.headers.get("x-sql-queries"))).toBe(n);
    // A 100-row and a 3,259-row cell, then a small region and the whole dataset.
    const one = await api.get("/api/proteins/brain-regions/3/Synaptic_Vesicle/csv");
    const large = await api.get("/api/proteins/brain-regions/1/Synaptosome/csv");
    expect(Number(large.headers.get("x-sql-queries"))).toBe(Number(one.headers.get("x-sql-queries")));
    const region = await api.get("/api/proteins/brain-regions/3/All/csv");
    const every = await api.get("/api/proteins/brain-regions/csv");
    // The whole dataset adds one fixed statement: region 1's rows, the whole brain over every region.
    expect(Number(every.headers.get("x-sql-queries"))).toBe(Number(region.headers.get("x-sql-queries")) + 1);
  });

  describe("the brain-region screen's table (brainRegionProteinTable)", () => {
    const FIELDS = "regionId regionName interlexId compartment geneId symbol humanEntrez paperCount species";
    const PAGE = `query ($r: Int!, $c: CompartmentName, $page: Int!, $pageSize: Int!) {
      brainRegionProteinTable(regionId: $r, compartment: $c, page: $page, pageSize: $pageSize) {
        proteins { ${FIELDS} } pagination { page pageSize total totalPages } totalCount } }`;
    type Row = Record<string, unknown>;
    interface TablePage {
      brainRegionProteinTable: {
        proteins: Row[];
        pagination: { page: number; pageSize: number; total: number; totalPages: number };
        totalCount: number;
      };
    }
    const tablePage = async (r: number, c: string | null, page: number, pageSize: number) => {
      const { status, body } = await api.graphql<TablePage>(PAGE, { r, c, page, pageSize });
      expect(body.errors).toBeUndefined();
      expect(status).toBe(200);
      return body.data!.brainRegionProteinTable;
    };
    const whole = async (r: number, c: string | null) => {
      const { body } = await api.graphql<{ brainRegionProteins: Row[] }>(
        `query ($r: Int, $c: CompartmentName) { brainRegionProteins(regionId: $r, compartment: $c) { ${FIELDS} } }`,
        { r, c },
      );
      expect(body.errors).toBeUndefined();
      return body.data!.brainRegionProteins;
    };

    it.each([
      // The whole brain's largest compartment, a region's small cell, and a region over every compartment.
      [1, "Postsynaptic", 100],
      [3, "Synaptic_Vesicle", 30],
      [7, null, 100],
    ])(
      "pages region %i, %s (%i a page) into the whole brainRegionProteins list, in its order",
      async (r, c, size) => {
        const want = await whole(r, c);
        expect(want.length).toBeGreaterThan(size);
        const first = await tablePage(r, c, 1, size);
        expect(first.pagination).toEqual({
          page: 1,
          pageSize: size,
          total: want.length,
          totalPages: Math.ceil(want.length / size),
        });
        expect(first.totalCount).toBe(want.length);
        const got = [...first.proteins];
        for (let page = 2; page <= first.pagination.totalPages; page++)
          got.push(...(await tablePage(r, c, page, size)).proteins);
        expect(got).toEqual(want);
      },
    );

    it("serves the last page for a page past the end, an empty cell as one empty page", async () => {
      const last = await tablePage(1, "Postsynaptic", 999, 50);
      expect(last.pagination).toEqual({ page: 66, pageSize: 50, total: 3274, totalPages: 66 });
      expect(last.proteins).toHaveLength(3274 - 65 * 50);
      expect(last.proteins.at(-1)).toEqual((await whole(1, "Postsynaptic")).at(-1));
      // Hypothalamus (6) has no consensus protein in any compartment.
      const empty = await tablePage(6, "Postsynaptic", 3, 50);
      expect(empty.pagination).toEqual({ page: 1, pageSize: 50, total: 0, totalPages: 0 });
      expect(empty.proteins).toEqual([]);
    });

    it("refuses an unknown region and a page size over 100, as the other pages do", async () => {
      const unknown = await api.graphql(PAGE, { r: 9999, c: null, page: 1, pageSize: 50 });
      expect(unknown.body.errors?.[0]?.message).toBe("Brain region not found");
      const big = await api.graphql(PAGE, { r: 1, c: "Postsynaptic", page: 1, pageSize: 101 });
      expect(big.body.errors?.[0]?.message).toBe("pageSize must be a whole number from 1 to 100");
    });

    it("reads a page in as many statements deep in the largest list as near its start, the list held per release", async () => {
      const statements = async (page: number) => {
        const query = `{ brainRegionProteinTable(regionId: 1, compartment: Synaptosome, page: ${page}) { proteins { symbol } } }`;
        const response = await api.get(`/graphql?query=${encodeURIComponent(query)}`);
        expect(response.status).toBe(200);
        return Number(response.headers.get("x-sql-queries"));
      };
      await statements(1); // the list is read once for the release
      const near = await statements(2);
      expect(near).toBeGreaterThan(0);
      expect(near).toBeLessThanOrEqual(2);
      expect(await statements(60)).toBe(near);
    });

    it("is the paged form the cost model points to when whole lists are asked for", async () => {
      const list = `brainRegionProteins(regionId: 1) { ${FIELDS} }`;
      const refused = await api.graphql(`{ a: ${list} b: ${list} c: ${list} d: ${list} }`);
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[0]?.message).toContain(
        "page Query.brainRegionProteins with brainRegionProteinTable(regionId, compartment, page, pageSize)",
      );
    });
  });
});
