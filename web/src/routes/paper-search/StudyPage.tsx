import { useQuery } from "@apollo/client/react";
import { type Params, useParams } from "react-router-dom";
import { studyJsonLd } from "../../../../schema/linked-data";
import { EntityRecordPage, recordPagePreload } from "../../components/entity-search/EntityRecordPage";
import { pageQuery } from "../../lib/pageQuery";
import { countOf } from "../../lib/plural";
import { paperSearch } from "./paper.definition";
import { studyRecordQuery } from "./paperSearch.queries";

/** The study's query: by its PMID, or by its name for a study without a real PubMed id. */
const recordRequest = (params: Params) => {
  const identifier = params.study ?? "";
  return pageQuery(
    studyRecordQuery,
    /^\d+$/.test(identifier) ? { pmid: Number(identifier) } : { name: identifier },
  );
};

/** What the server render of a study's page runs before it renders (src/prerender.tsx). */
export const preload = recordPagePreload(paperSearch, recordRequest, (data) => data?.paper);

/**
 * A study's own page (/study/10862698, or /study/HUSI_2000 for a study without a real PubMed id): its
 * search card, open, with every tab. The gateway sends the other identifier of the study here (301).
 */
export default function StudyPage() {
  const params = useParams();
  const identifier = params.study ?? "";
  const request = recordRequest(params);
  const result = useQuery(request.query, { variables: request.variables });
  return (
    <EntityRecordPage
      definition={paperSearch}
      record={{ item: result.data?.paper, loading: result.loading, error: result.error }}
      identifier={identifier}
      describe={(paper) => {
        const synthetic = paper.isSynthetic
          ? "; a synthetic sample study, not real research data"
          : paper.syntheticFields.length > 0
            ? `; synthetic fields: ${paper.syntheticFields.join(", ")}`
            : "";
        return {
          title: `${paper.paperTitle || paper.name} (${paper.year})`,
          description: `${paper.name} (${paper.year})${paper.description ? `: ${paper.description}` : ""}. ${countOf(paper.geneCount, "gene")} reported${synthetic}.`,
          canonical: paper.url,
          jsonLd: (site) =>
            studyJsonLd(
              {
                pmid: paper.pmid,
                name: paper.name,
                title: paper.paperTitle,
                year: paper.year,
                description: paper.description ?? null,
                isSynthetic: paper.isSynthetic,
                syntheticFields: paper.syntheticFields,
              },
              site,
            ),
          citeAs: `Study ${paper.name} (${paper.year})`,
        };
      }}
    />
  );
}
