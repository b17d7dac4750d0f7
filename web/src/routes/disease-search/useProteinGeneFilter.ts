import { useApolloClient } from "@apollo/client/react";
import type { DiseaseGenesQuery } from "../../gql/graphql";
import { useProteinGeneSearch } from "../../hooks/useProteinGeneSearch";
import type { ProteinSearchState } from "../../lib/proteinSearch";
import { diseaseGenesQuery } from "./diseaseSearch.queries";

export type DiseaseGene = NonNullable<DiseaseGenesQuery["disease"]>["genes"]["genes"][number];

export type ProteinFilterState = ProteinSearchState<DiseaseGene>;

/**
 * The disease gene filter's protein lookup (spec 1 §5, §8): a protein-style term is
 * looked up first; if it maps to genes, each gene is searched in turn and the rows
 * concatenated; otherwise the regular filter runs.
 */
export function useProteinGeneFilter(hdoid: string, term: string, mode: string): ProteinFilterState {
  const client = useApolloClient();
  return useProteinGeneSearch<DiseaseGene>(term, {
    key: `${hdoid}|${mode}`,
    searchOne: async (symbol) => {
      const { data } = await client.query({
        query: diseaseGenesQuery,
        variables: { hdoid, page: 1, pageSize: 100, term: symbol, mode },
      });
      return data?.disease?.genes.genes ?? [];
    },
  });
}
