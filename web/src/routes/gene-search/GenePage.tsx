import { useQuery } from "@apollo/client/react";
import { type Params, useParams } from "react-router-dom";
import { geneJsonLd } from "../../../../schema/linked-data";
import { EntityRecordPage, recordPagePreload } from "../../components/entity-search/EntityRecordPage";
import type { GeneRecordQuery } from "../../gql/graphql";
import { pageQuery } from "../../lib/pageQuery";
import { countOf } from "../../lib/plural";
import { geneSearch } from "./gene.definition";
import { geneRecordQuery, type SearchGene } from "./geneSearch.queries";

/** The gene's query, as the address names it. */
const recordRequest = (params: Params) => pageQuery(geneRecordQuery, { symbol: params.symbol ?? "" });

/** The gene as its search card shows it (undefined while it loads, null when the address names none). */
const itemOf = (data: GeneRecordQuery | undefined): SearchGene | null | undefined => {
  const gene = data?.gene;
  return gene === undefined ? undefined : gene && { ...gene, proteinDerived: false };
};

/** What the server render of a gene's page runs before it renders (src/prerender.tsx). */
export const preload = recordPagePreload(geneSearch, recordRequest, itemOf);

/**
 * A gene's own page (/gene/DLG4): its search card, open, with every tab. The gateway sends any other
 * identifier of the gene (alias, Entrez, MGI, HGNC, Ensembl, another case) here with a 301.
 */
export default function GenePage() {
  const request = recordRequest(useParams());
  const symbol = request.variables.symbol;
  const result = useQuery(request.query, { variables: request.variables });
  const item = itemOf(result.data);
  return (
    <EntityRecordPage
      definition={geneSearch}
      record={{ item, loading: result.loading, error: result.error }}
      identifier={symbol}
      describe={(g) => ({
        title: `${g.humanName}: ${g.description ?? "gene"}`,
        description: `${g.humanName}${g.description ? ` (${g.description})` : ""}, a human gene whose protein was reported at the synapse in ${countOf(g.papersCount, "study", "studies")}: ${countOf(g.diseasesCount, "associated disease")}, ${countOf(g.mutationsCount, "mutation")}, ${countOf(g.syngoCount, "GO term")}.`,
        canonical: g.url,
        jsonLd: (site) =>
          geneJsonLd(
            {
              symbol: g.humanName,
              description: g.description ?? null,
              aliases: g.aliases,
              hgncId: g.hgncId ?? null,
              humanEntrez: g.humanEntrez ?? null,
              ensemblId: g.ensemblId ?? null,
              uniprotId: g.uniprotId ?? null,
              mgi: g.mgi ?? null,
            },
            site,
          ),
        citeAs: g.humanName,
      })}
    />
  );
}
