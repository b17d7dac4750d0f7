import { useQuery } from "@apollo/client/react";
import { useParams } from "react-router-dom";
import { diseaseJsonLd } from "../../../../schema/linked-data";
import { CiteButton } from "../../components/cite/CiteButton";
import { EntityRecordPage } from "../../components/entity-search/EntityRecordPage";
import { linkedDataSite, useRecordRelease } from "../../components/entity-search/recordRelease";
import { describeError } from "../../lib/errors";
import { formatDiseaseName } from "../../lib/format";
import { countOf } from "../../lib/plural";
import { siteConfig } from "../../site.config";
import { diseaseSearch } from "./disease.definition";
import { diseaseRecordQuery } from "./diseaseSearch.queries";

/**
 * A disease's own page (/disease/DOID:1826): its search card, open, with every tab; the shown tab and
 * each tab's page, filter and mode in the address. The gateway sends other forms of the DOID here (301).
 */
export default function DiseasePage() {
  const hdoid = useParams().hdoid ?? "";
  const result = useQuery(diseaseRecordQuery, { variables: { hdoid } });
  const release = useRecordRelease();
  const disease = result.data?.disease;
  const head =
    disease && release
      ? {
          title: `${formatDiseaseName(disease.description)} (${disease.hdoid}) | ${siteConfig.productName}`,
          description: `${formatDiseaseName(disease.description)} (${disease.hdoid}): ${countOf(disease.geneCount, "synaptic gene")}, ${countOf(disease.mutationCount, "mutation")} and ${countOf(disease.paperCount, "synapse proteomic study", "synapse proteomic studies")}. ${release.name} ${release.version}.`,
          canonical: disease.url,
          jsonLd: [
            diseaseJsonLd(
              {
                hdoid: disease.hdoid,
                name: formatDiseaseName(disease.description),
                definition: disease.definition ?? null,
                icd11Chapter: disease.icd11Chapter ?? null,
              },
              linkedDataSite(release),
            ),
          ],
        }
      : null;
  return (
    <EntityRecordPage
      definition={diseaseSearch}
      item={result.error ? undefined : disease}
      loading={result.loading}
      error={result.error ? describeError(result.error) : undefined}
      identifier={hdoid}
      head={head}
      actions={
        disease &&
        release && (
          <CiteButton
            record={`${formatDiseaseName(disease.description)} (${disease.hdoid})`}
            path={disease.url}
            release={release}
          />
        )
      }
    />
  );
}
