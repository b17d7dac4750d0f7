import { useApolloClient, useQuery } from "@apollo/client/react";
import { useEffect, useState } from "react";
import type { DiseaseGenesQuery } from "../../gql/graphql";
import { describeError } from "../../lib/errors";
import { isProteinStyleTerm } from "../../lib/proteinTerm";
import { diseaseGenesQuery, proteinLookupQuery } from "./diseaseSearch.queries";

export type DiseaseGene = NonNullable<DiseaseGenesQuery["disease"]>["genes"]["genes"][number];

/** At most this many mapped genes are searched in turn. */
export const PROTEIN_GENES_SEARCHED = 25;

export type ProteinFilterState =
  | { kind: "off" }
  | { kind: "looking-up"; name: string }
  | { kind: "not-found"; name: string }
  | { kind: "lookup-error"; name: string; message: string }
  | { kind: "found"; name: string; genes: string[]; rows?: DiseaseGene[]; error?: string };

/**
 * The disease gene filter's protein lookup (spec 1 §5, §8): a protein-style term is
 * looked up first; if it maps to genes, each gene is searched in turn and the rows
 * concatenated; otherwise the regular filter runs.
 */
export function useProteinGeneFilter(hdoid: string, term: string, mode: string): ProteinFilterState {
  const client = useApolloClient();
  const active = isProteinStyleTerm(term);
  const lookup = useQuery(proteinLookupQuery, { variables: { name: term }, skip: !active });
  const mapped = active ? lookup.data?.proteinLookup.genes : undefined;
  const mappedKey = mapped?.join(",") ?? "";
  const [rows, setRows] = useState<{ key: string; rows: DiseaseGene[]; error?: string } | null>(null);
  const requestKey = `${hdoid}|${mode}|${mappedKey}`;

  useEffect(() => {
    if (!mappedKey) return;
    let cancelled = false;
    const symbols = mappedKey.split(",").slice(0, PROTEIN_GENES_SEARCHED);
    (async () => {
      const found = new Map<number, DiseaseGene>();
      try {
        for (const symbol of symbols) {
          const { data } = await client.query({
            query: diseaseGenesQuery,
            variables: { hdoid, page: 1, pageSize: 100, term: symbol, mode },
          });
          for (const gene of data?.disease?.genes.genes ?? []) {
            if (gene.humanName.toUpperCase() === symbol.toUpperCase()) found.set(gene.id, gene);
          }
        }
        if (!cancelled) setRows({ key: requestKey, rows: [...found.values()] });
      } catch (error) {
        if (!cancelled) setRows({ key: requestKey, rows: [...found.values()], error: describeError(error) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [client, hdoid, mode, mappedKey, requestKey]);

  if (!active) return { kind: "off" };
  if (lookup.error) return { kind: "lookup-error", name: term, message: describeError(lookup.error) };
  if (!lookup.data) return { kind: "looking-up", name: term };
  if (!mapped || mapped.length === 0) return { kind: "not-found", name: term };
  const current = rows?.key === requestKey ? rows : undefined;
  return { kind: "found", name: term, genes: mapped, rows: current?.rows, error: current?.error };
}
