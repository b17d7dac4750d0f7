import { z } from "zod";
import { COMPARE_SET_KINDS, type CompareSetKey } from "../../../schema/compare-address";
import { type Data, defineTool, first } from "./tool";

const OPERATION = `query McpCompareSets($sets: [CompareSetInput!]!) {
    compareSets(sets: $sets) {
      unionSize unmapped
      sets { index kind value label consensusOnly size unmapped }
      intersections { sets exclusiveSize symbols }
    }
  }`;

export const compareSets = defineTool({
  name: "compare_sets",
  title: "Compare gene sets",
  description:
    "Overlap 2 to 6 gene sets, each a disease (DOID or exact name), an ICD-11 chapter (e.g. 08), a compartment (e.g. Presynaptic), a brain region (id or name), a study (PubMed id) or a gene list. Returns each set's size and every non-empty exclusive intersection (the genes in exactly those sets), largest first.",
  inputSchema: {
    sets: z
      .array(
        z.object({
          kind: z.enum(Object.keys(COMPARE_SET_KINDS) as [CompareSetKey, ...CompareSetKey[]]),
          value: z
            .string()
            .min(1)
            .max(100_000)
            .describe("The disease, chapter, compartment, region, PMID or gene list"),
          consensusOnly: z
            .boolean()
            .default(false)
            .describe("Keep only consensus genes (reported in 5+ studies)"),
        }),
      )
      .min(2)
      .max(6)
      .describe("The sets to compare, 2 to 6"),
  },
  async answer({ sets }, { run, link }) {
    const { compareSets: result } = await run(OPERATION, {
      sets: sets.map((s) => ({
        kind: COMPARE_SET_KINDS[s.kind],
        value: s.value.trim(),
        consensusOnly: s.consensusOnly,
      })),
    });
    return {
      unionSize: result.unionSize,
      sets: result.sets.map((s: Data) => ({
        index: s.index,
        label: s.label,
        size: s.size,
        unmapped: s.unmapped,
      })),
      intersectionCount: result.intersections.length,
      intersections: first(result.intersections as Data[]).map((x: Data) => ({
        sets: x.sets,
        size: x.exclusiveSize,
        genes: first(x.symbols as string[]),
      })),
      url: link.compare(sets.map((s) => ({ ...s, consensus: s.consensusOnly }))),
    };
  },
});
