import { useQuery } from "@apollo/client/react";
import { useParams } from "react-router-dom";
import { studyJsonLd } from "../../../../schema/linked-data";
import { EntityRecordPage } from "../../components/entity-search/EntityRecordPage";
import { countOf } from "../../lib/plural";
import { paperSearch } from "./paper.definition";
import { studyRecordQuery } from "./paperSearch.queries";

/**
 * A study's own page (/study/10862698, or /study/HUSI_2000 for a study without a real PubMed id): its
 * search card, open, with every tab. The gateway sends the other identifier of the study here (301).
 */
export default function StudyPage() {
  const identifier = useParams().study ?? "";
  const byPmid = /^\d+$/.test(identifier);
  const result = useQuery(studyRecordQuery, {
    variables: byPmid ? { pmid: Number(identifier) } : { name: identifier },
  });
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
