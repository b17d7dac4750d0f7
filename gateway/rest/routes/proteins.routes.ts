import type { CsvColumn } from "../../csv/csv-writer";
import { MAX_TOP_LIMIT } from "../../services/brain-region.service";
import { COMPARTMENT_NAMES } from "../../services/compartment.service";
import { compartmentVariable } from "../params";
import { arrayOf, object } from "../response-schema";
import { csvRoute, type GraphQLData, type ParamSpec, type RestRoute } from "../route-table";
import { geneIdColumns } from "./entity-routes";

const compartmentParam: ParamSpec = {
  name: "compartment",
  in: "path",
  type: "string",
  description: "Postsynaptic, Presynaptic, Synaptosome or Synaptic_Vesicle (any case).",
  enum: COMPARTMENT_NAMES,
  anyCase: true,
  message: `Invalid compartment. Must be one of: ${COMPARTMENT_NAMES.join(", ")}`,
};
/** A compartment, or All for every one. */
const compartmentOrAll = {
  enum: ["All", ...COMPARTMENT_NAMES],
  anyCase: true,
  message: `Invalid compartment. Must be one of: All, ${COMPARTMENT_NAMES.join(", ")}`,
};

const COMPARTMENT_PROTEINS = `query CompartmentProteins($compartment: CompartmentName!) {
  compartmentProteins(compartment: $compartment) {
    gene { id humanName humanEntrez mouseEntrez ratEntrez mgi }
    paperCount frequency
  }
}`;

/** The documented compartment protein row (spec 2 §3). */
const compartmentProtein = (p: GraphQLData) => ({
  GeneID: p.gene.id,
  HumanName: p.gene.humanName,
  HumanEntrez: p.gene.humanEntrez,
  MouseEntrez: p.gene.mouseEntrez,
  RatEntrez: p.gene.ratEntrez,
  MGI: p.gene.mgi,
  paper_count: p.paperCount,
  frequency: p.frequency,
});

const compartmentProteinColumns: CsvColumn<GraphQLData>[] = [
  ...geneIdColumns((p) => p.gene),
  { header: "Paper Count", value: (p) => p.paperCount },
  { header: "Frequency", value: (p) => p.frequency },
];

const REGION_PROTEINS = `query BrainRegionProteins($regionId: Int, $compartment: CompartmentName) {
  brainRegionProteins(regionId: $regionId, compartment: $compartment) {
    regionId regionName interlexId compartment geneId symbol humanEntrez paperCount species
  }
}`;

const regionProteinColumns: CsvColumn<GraphQLData>[] = [
  { header: "Region ID", value: (p) => p.regionId },
  { header: "Brain Region", value: (p) => p.regionName },
  { header: "InterLex ID", value: (p) => p.interlexId },
  { header: "Compartment", value: (p) => p.compartment },
  { header: "Gene ID", value: (p) => p.geneId },
  { header: "Gene Symbol", value: (p) => p.symbol },
  { header: "Human Entrez", value: (p) => p.humanEntrez },
  { header: "Paper Count", value: (p) => p.paperCount },
  { header: "Species", value: (p) => (p.species as string[]).join(";") },
];

/** The documented brain region (spec 2 §3); counts are over consensus genes. */
const regionDistribution = (r: GraphQLData) => ({
  region_id: r.region.id,
  name: r.region.name,
  description: r.region.description,
  interlex_id: r.region.interlexId,
  distinct_protein_count: r.distinctProteinCount,
  paper_count: r.paperCount,
  compartments: (r.compartments as GraphQLData[]).map((c) => ({
    name: c.name,
    protein_count: c.proteinCount,
    paper_count: c.paperCount,
    top_proteins: (c.topProteins as GraphQLData[]).map((t) => ({
      id: t.geneId,
      name: t.symbol,
      paper_count: t.paperCount,
    })),
    species_distribution: (c.speciesDistribution as GraphQLData[]).map((s) => ({
      species_name: s.speciesName,
      protein_count: s.proteinCount,
    })),
  })),
});

const regionIdParam = (where: "path" | "query"): ParamSpec => ({
  name: "region_id",
  in: where,
  type: "integer",
  min: 1,
  description:
    "Brain region id. 1 (Brain, the root) means the whole brain: a row per compartment and gene over every region, as the Brain row of /api/proteins/brain-regions counts it.",
  message: "Invalid region id",
});

export const proteinRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/proteins/compartments",
    category: "Protein",
    summary: "The four synaptic compartments with the number of distinct proteins (genes) reported in each.",
    params: [],
    operation: "query Compartments { compartments { compartment proteinCount } }",
    variables: () => ({}),
    response: "json",
    schema: (op) => ({
      data: arrayOf(
        object({
          compartment: op.f("compartments.compartment"),
          protein_count: op.f("compartments.proteinCount"),
        }),
      ),
    }),
    map: (d) => ({
      data: (d.compartments as GraphQLData[]).map((c) => ({
        compartment: c.compartment,
        protein_count: c.proteinCount,
      })),
      message: `${d.compartments.length} compartments`,
    }),
  },
  {
    method: "GET",
    path: "/api/proteins/compartment/:compartment",
    category: "Protein",
    summary:
      "Every protein (gene) reported in a compartment, by symbol, with the number of that compartment's studies reporting it and its frequency band: 1, 2-3, 4-9 (4 to 10 studies) or >10 (11 or more).",
    params: [compartmentParam],
    operation: COMPARTMENT_PROTEINS,
    variables: (p) => ({ compartment: compartmentVariable(p.compartment) }),
    response: "json",
    schema: (op) => {
      const p = op.at("compartmentProteins");
      return {
        data: arrayOf(
          object({
            GeneID: p.f("gene.id"),
            HumanName: p.f("gene.humanName"),
            HumanEntrez: p.f("gene.humanEntrez"),
            MouseEntrez: p.f("gene.mouseEntrez"),
            RatEntrez: p.f("gene.ratEntrez"),
            MGI: p.f("gene.mgi"),
            paper_count: p.f("paperCount"),
            frequency: p.f("frequency"),
          }),
        ),
      };
    },
    map: (d, p) => ({
      data: (d.compartmentProteins as GraphQLData[]).map(compartmentProtein),
      message: `${d.compartmentProteins.length} proteins in ${p.compartment}`,
    }),
  },
  csvRoute<GraphQLData>({
    method: "GET",
    path: "/api/proteins/compartment/:compartment/csv",
    category: "Protein",
    summary: "The proteins of a compartment as CSV (the columns of the compartment table).",
    params: [compartmentParam],
    operation: COMPARTMENT_PROTEINS,
    variables: (p) => ({ compartment: compartmentVariable(p.compartment) }),
    response: "csv",
    fileName: (_d, p) => ["compartment", String(p.compartment), "proteins"],
    columns: compartmentProteinColumns,
    rows: (d) => d.compartmentProteins as GraphQLData[],
  }),
  {
    method: "GET",
    path: "/api/proteins/brain-regions",
    category: "Protein",
    summary:
      "Consensus proteins (genes in five or more studies) per brain region and compartment, with each cell's top proteins by study count and species distribution.",
    params: [
      {
        name: "top_limit",
        in: "query",
        type: "integer",
        default: 10,
        min: 1,
        max: MAX_TOP_LIMIT,
        description: `Top proteins listed per region and compartment (1–${MAX_TOP_LIMIT}).`,
      },
    ],
    operation: `query BrainRegionDistribution($topLimit: Int!) {
      brainRegionDistribution(topLimit: $topLimit) {
        consensusGeneCount compartments totalProteinsMapped
        regions {
          region { id name description interlexId }
          distinctProteinCount paperCount
          compartments {
            name proteinCount paperCount
            topProteins { geneId symbol paperCount }
            speciesDistribution { speciesName proteinCount }
          }
        }
      }
    }`,
    variables: (p) => ({ topLimit: p.top_limit }),
    response: "json",
    schema: (op) => {
      const b = op.at("brainRegionDistribution");
      const r = b.at("regions");
      const c = r.at("compartments");
      return {
        data: arrayOf(
          object({
            region_id: r.f("region.id"),
            name: r.f("region.name"),
            description: r.f("region.description"),
            interlex_id: r.f("region.interlexId"),
            distinct_protein_count: r.f("distinctProteinCount"),
            paper_count: r.f("paperCount"),
            compartments: arrayOf(
              object({
                name: c.f("name"),
                protein_count: c.f("proteinCount"),
                paper_count: c.f("paperCount"),
                top_proteins: arrayOf(
                  object({
                    id: c.f("topProteins.geneId"),
                    name: c.f("topProteins.symbol"),
                    paper_count: c.f("topProteins.paperCount"),
                  }),
                ),
                species_distribution: arrayOf(
                  object({
                    species_name: c.f("speciesDistribution.speciesName"),
                    protein_count: c.f("speciesDistribution.proteinCount"),
                  }),
                ),
              }),
            ),
          }),
        ),
        extra: {
          consensus_gene_count: b.f("consensusGeneCount"),
          compartments: b.f("compartments"),
          total_proteins_mapped: b.f("totalProteinsMapped"),
        },
      };
    },
    map: (d) => {
      const b = d.brainRegionDistribution;
      return {
        data: (b.regions as GraphQLData[]).map(regionDistribution),
        message: `${b.consensusGeneCount} consensus proteins across ${b.regions.length} brain regions and ${b.compartments.length} compartments`,
        extra: {
          consensus_gene_count: b.consensusGeneCount,
          compartments: b.compartments,
          total_proteins_mapped: b.totalProteinsMapped,
        },
      };
    },
  },
  csvRoute<GraphQLData>({
    method: "GET",
    path: "/api/proteins/brain-regions/csv",
    category: "Protein",
    summary:
      "Consensus proteins per brain region and compartment as CSV (a row per region, compartment and gene), optionally for one region and one compartment.",
    params: [
      regionIdParam("query"),
      {
        name: "compartment",
        in: "query",
        type: "string",
        description:
          "One compartment (Postsynaptic, Presynaptic, Synaptosome, Synaptic_Vesicle); All or empty for every one.",
        ...compartmentOrAll,
      },
    ],
    operation: REGION_PROTEINS,
    operationNotFound: "Brain region not found",
    variables: (p) => ({ regionId: p.region_id ?? null, compartment: compartmentVariable(p.compartment) }),
    response: "csv",
    fileName: (_d, p) => [
      "brain_region_proteins",
      p.region_id === undefined ? "all_regions" : `region_${p.region_id}`,
      p.compartment === undefined ? "All" : String(p.compartment),
    ],
    columns: regionProteinColumns,
    rows: (d) => d.brainRegionProteins as GraphQLData[],
  }),
  csvRoute<GraphQLData>({
    method: "GET",
    path: "/api/proteins/brain-regions/:region_id/:localization/csv",
    category: "Protein",
    summary: "The consensus proteins of one brain region as CSV, for one compartment or All.",
    params: [
      regionIdParam("path"),
      {
        name: "localization",
        in: "path",
        type: "string",
        description: "All, or one compartment (Postsynaptic, Presynaptic, Synaptosome, Synaptic_Vesicle).",
        ...compartmentOrAll,
      },
    ],
    operation: REGION_PROTEINS,
    operationNotFound: "Brain region not found",
    variables: (p) => ({ regionId: p.region_id, compartment: compartmentVariable(p.localization) }),
    response: "csv",
    fileName: (_d, p) => ["brain_region_proteins", `region_${p.region_id}`, String(p.localization)],
    columns: regionProteinColumns,
    rows: (d) => d.brainRegionProteins as GraphQLData[],
  }),
];
