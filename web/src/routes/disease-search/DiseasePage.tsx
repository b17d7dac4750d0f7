import { useQuery } from "@apollo/client/react";
import { useParams } from "react-router-dom";
import { diseaseJsonLd } from "../../../../schema/linked-data";
import { EntityRecordPage } from "../../components/entity-search/EntityRecordPage";
import { formatDiseaseName } from "../../lib/format";
import { countOf } from "../../lib/plural";
import { diseaseSearch } from "./disease.definition";
import { diseaseRecordQuery } from "./diseaseSearch.queries";

/**
 * A disease's own page (/disease/DOID:1826): its search card, open, with every tab; the shown tab and
 * each tab's page, filter and mode in the address. The gateway sends other forms of the DOID here (301).
 */
export default function DiseasePage() {
  const hdoid = useParams().hdoid ?? "";
  const result = useQuery(diseaseRecordQuery, { variables: { hdoid } });
  return (
    <EntityRecordPage
      definition={diseaseSearch}
      record={{ item: result.data?.disease, loading: result.loading, error: result.error }}
      identifier={hdoid}
      describe={(disease) => {
        const name = formatDiseaseName(disease.description);
        return {
          title: `${name} (${disease.hdoid})`,
          description: `${name} (${disease.hdoid}): ${countOf(disease.geneCount, "synaptic gene")}, ${countOf(disease.mutationCount, "mutation")} and ${countOf(disease.paperCount, "synapse proteomic study", "synapse proteomic studies")}.`,
          canonical: disease.url,
          jsonLd: (site) =>
            diseaseJsonLd(
              {
                hdoid: disease.hdoid,
                name,
                definition: disease.definition ?? null,
                icd11Chapter: disease.icd11Chapter ?? null,
              },
              site,
            ),
          citeAs: `${name} (${disease.hdoid})`,
        };
      }}
    />
  );
}
