import { z } from "zod";
import { MAX_ANALYSIS_IDENTIFIERS } from "../../analysis/identifiers";
import { type Data, defineTool, first } from "./tool";

const OPERATION = `query McpAnalyzeGeneList($input: AnalyzeGeneListInput!) {
    analyzeGeneList(input: $input) {
      inputCount unmapped
      mapped { identifier symbol }
      ambiguous { identifier candidates { symbol } }
      background { kind size listInBackground }
      enrichment { category termId termName overlap termSize foldEnrichment pValue fdr genes includesSyntheticData }
    }
  }`;

export const analyzeGeneList = defineTool({
  name: "analyze_gene_list",
  title: "Analyse a gene list",
  description:
    "Map a gene list (symbols, aliases, Entrez, MGI, UniProt or Ensembl ids) to the dataset and test compartments, brain regions, diseases, ICD-11 chapters, GO and SynGO terms for over-representation (hypergeometric test, Benjamini–Hochberg FDR). Returns the mapping and the most significant terms.",
  inputSchema: {
    identifiers: z
      .array(z.string().min(1).max(100))
      .min(1)
      .max(MAX_ANALYSIS_IDENTIFIERS)
      .describe("The gene list"),
    background: z
      .enum(["dataset", "synaptic", "consensus"])
      .default("dataset")
      .describe("Background: every gene of the dataset, synaptic genes, or consensus genes"),
    maxFdr: z.number().min(0).max(1).default(0.05).describe("Report terms with an FDR up to this"),
  },
  async answer({ identifiers, background, maxFdr }, { run, link }) {
    const { analyzeGeneList: result } = await run(OPERATION, {
      input: { identifiers, background: background.toUpperCase() },
    });
    const significant = (result.enrichment as Data[]).filter((t) => t.fdr <= maxFdr);
    return {
      inputCount: result.inputCount,
      mapped: result.mapped.map((m: Data) => `${m.identifier}→${m.symbol}`),
      ambiguous: result.ambiguous.map((a: Data) => ({
        identifier: a.identifier,
        candidates: a.candidates.map((c: Data) => c.symbol),
      })),
      unmapped: result.unmapped,
      background: result.background,
      significantTermCount: significant.length,
      terms: first(significant).map((t) => ({
        category: t.category,
        id: t.termId,
        name: t.termName,
        overlap: t.overlap,
        termSize: t.termSize,
        foldEnrichment: t.foldEnrichment,
        pValue: t.pValue,
        fdr: t.fdr,
        genes: t.genes,
        includesSyntheticData: t.includesSyntheticData,
      })),
      url: link.analysis(identifiers, background),
    };
  },
});
