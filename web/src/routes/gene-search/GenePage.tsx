import { useQuery } from "@apollo/client/react";
import { useParams } from "react-router-dom";
import { geneJsonLd } from "../../../../schema/linked-data";
import { EntityRecordPage } from "../../components/entity-search/EntityRecordPage";
import { countOf } from "../../lib/plural";
import { geneSearch } from "./gene.definition";
import { geneRecordQuery, type SearchGene } from "./geneSearch.queries";

/**
 * A gene's own page (/gene/DLG4): its search card, open, with every tab. The gateway sends any other
 * identifier of the gene (alias, Entrez, MGI, HGNC, Ensembl, another case) here with a 301.
 */
export default function GenePage() {
  const symbol = useParams().symbol ?? "";
  const result = useQuery(geneRecordQuery, { variables: { symbol } });
  const gene = result.data?.gene;
  const item: SearchGene | null | undefined =
    gene === undefined ? undefined : gene && { ...gene, proteinDerived: false };
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
