import { useQuery } from "@apollo/client/react";
import { type Params, useParams } from "react-router-dom";
import { diseaseJsonLd } from "../../../../schema/linked-data";
import { EntityRecordPage, recordPagePreload } from "../../components/entity-search/EntityRecordPage";
import { formatDiseaseName } from "../../lib/format";
import { pageQuery } from "../../lib/pageQuery";
import { countOf } from "../../lib/plural";
import { diseaseSearch } from "./disease.definition";
import { diseaseRecordQuery } from "./diseaseSearch.queries";

/** The disease's query, as the address names it. */
const recordRequest = (params: Params) => pageQuery(diseaseRecordQuery, { hdoid: params.hdoid ?? "" });

/** What the server render of a disease's page runs before it renders (src/prerender.tsx). */
export const preload = recordPagePreload(diseaseSearch, recordRequest, (data) => data?.disease);

/**
 * A disease's own page (/disease/DOID:1826): its search card, open, with every tab; the shown tab and
 * each tab's page, filter and mode in the address. The gateway sends other forms of the DOID here (301).
 */
export default function DiseasePage() {
  const request = recordRequest(useParams());
  const hdoid = request.variables.hdoid;
  const result = useQuery(request.query, { variables: request.variables });
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
