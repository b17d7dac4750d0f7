import { useQuery } from "@apollo/client/react";
import { useParams } from "react-router-dom";
import { geneJsonLd } from "../../../../schema/linked-data";
import { CiteButton } from "../../components/cite/CiteButton";
import { EntityRecordPage } from "../../components/entity-search/EntityRecordPage";
import { linkedDataSite, useRecordRelease } from "../../components/entity-search/recordRelease";
import { describeError } from "../../lib/errors";
import { countOf } from "../../lib/plural";
import { siteConfig } from "../../site.config";
import { geneSearch } from "./gene.definition";
import { geneRecordQuery, type SearchGene } from "./geneSearch.queries";

/**
 * A gene's own page (/gene/DLG4): its search card, open, with every tab. The gateway sends any other
 * identifier of the gene (alias, Entrez, MGI, HGNC, Ensembl, another case) here with a 301.
 */
export default function GenePage() {
  const symbol = useParams().symbol ?? "";
  const result = useQuery(geneRecordQuery, { variables: { symbol } });
  const release = useRecordRelease();
  const gene = result.data?.gene;
  const item: SearchGene | null | undefined =
    gene === undefined ? undefined : gene && { ...gene, proteinDerived: false };
  const head =
    item && release
      ? {
          title: `${item.humanName}: ${item.description ?? "gene"} | ${siteConfig.productName}`,
          description: `${item.humanName}${item.description ? ` (${item.description})` : ""}, a human gene whose protein was reported at the synapse in ${countOf(item.papersCount, "study", "studies")}: ${countOf(item.diseasesCount, "associated disease")}, ${countOf(item.mutationsCount, "mutation")}, ${countOf(item.syngoCount, "GO term")}. ${release.name} ${release.version}.`,
          canonical: item.url,
          jsonLd: [
            geneJsonLd(
              {
                symbol: item.humanName,
                description: item.description ?? null,
                aliases: item.aliases,
                hgncId: item.hgncId ?? null,
                humanEntrez: item.humanEntrez ?? null,
                ensemblId: item.ensemblId ?? null,
                uniprotId: item.uniprotId ?? null,
                mgi: item.mgi ?? null,
              },
              linkedDataSite(release),
            ),
          ],
        }
      : null;
  return (
    <EntityRecordPage
      definition={geneSearch}
      item={result.error ? undefined : item}
      loading={result.loading}
      error={result.error ? describeError(result.error) : undefined}
      identifier={symbol}
      head={head}
      actions={item && release && <CiteButton record={item.humanName} path={item.url} release={release} />}
    />
  );
}
