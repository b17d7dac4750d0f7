import { useQuery } from "@apollo/client/react";
import { useEffect, useRef, useState } from "react";
import { proteinLookupQuery } from "../components/searchBox.queries";
import { describeError } from "../lib/errors";
import { collectProteinGeneRows, type GeneRow, type ProteinSearchState } from "../lib/proteinSearch";
import { isProteinStyleTerm } from "../lib/proteinTerm";

interface Options<T> {
  /** Search one gene symbol; called once per mapped gene, in order. */
  searchOne: (symbol: string) => Promise<readonly T[]>;
  /** What else the rows depend on (e.g. the disease and mode): a change searches again. */
  key: string;
  /**
   * When the term is itself one of the mapped gene symbols it is a gene, not a protein name: the
   * state is 'off' and the regular search runs (the gene search page).
   */
  symbolIsRegular?: boolean;
}

/**
 * The protein lookup of a search or filter term (spec 1 §5): looks a protein-style term up and,
 * when it maps to genes, searches each gene in turn.
 */
export function useProteinGeneSearch<T extends GeneRow>(
  term: string,
  { searchOne, key, symbolIsRegular = false }: Options<T>,
): ProteinSearchState<T> {
  const name = term.trim();
  const active = isProteinStyleTerm(name);
  const lookup = useQuery(proteinLookupQuery, { variables: { name }, skip: !active });
  const mapped = active ? lookup.data?.proteinLookup.genes : undefined;
  const isSymbol =
    symbolIsRegular && (mapped ?? []).some((symbol) => symbol.toUpperCase() === name.toUpperCase());
  const mappedKey = mapped && !isSymbol ? mapped.join(",") : "";
  const requestKey = `${key}|${mappedKey}`;
  const [rows, setRows] = useState<{ key: string; rows: T[]; error?: string } | null>(null);
  const search = useRef(searchOne);
  search.current = searchOne;

  useEffect(() => {
    if (!mappedKey) return;
    let cancelled = false;
    collectProteinGeneRows(mappedKey.split(","), (symbol) => search.current(symbol), describeError).then(
      (result) => {
        if (!cancelled) setRows({ key: requestKey, ...result });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [mappedKey, requestKey]);

  if (!active || isSymbol) return { kind: "off" };
  if (lookup.error) return { kind: "lookup-error", name, message: describeError(lookup.error) };
  if (!lookup.data) return { kind: "looking-up", name };
  if (!mapped || mapped.length === 0) return { kind: "not-found", name };
  const current = rows?.key === requestKey ? rows : undefined;
  return { kind: "found", name, genes: mapped, rows: current?.rows, error: current?.error };
}
