import { useQuery } from "@apollo/client/react";
import { useParams } from "react-router-dom";
import { studyJsonLd } from "../../../../schema/linked-data";
import { CiteButton } from "../../components/cite/CiteButton";
import { EntityRecordPage } from "../../components/entity-search/EntityRecordPage";
import { linkedDataSite, useRecordRelease } from "../../components/entity-search/recordRelease";
import { describeError } from "../../lib/errors";
import { countOf } from "../../lib/plural";
import { siteConfig } from "../../site.config";
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
  const release = useRecordRelease();
  const paper = result.data?.paper;
  const synthetic = paper && (paper.isSynthetic || paper.syntheticFields.length > 0);
  const head =
    paper && release
      ? {
          title: `${paper.paperTitle || paper.name} (${paper.year}) | ${siteConfig.productName}`,
          description: `${paper.name} (${paper.year})${paper.description ? `: ${paper.description}` : ""}. ${countOf(paper.geneCount, "gene")} reported${paper.isSynthetic ? "; a synthetic sample study, not real research data" : synthetic ? `; synthetic fields: ${paper.syntheticFields.join(", ")}` : ""}. ${release.name} ${release.version}.`,
          canonical: paper.url,
          jsonLd: [
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
              linkedDataSite(release),
            ),
          ],
        }
      : null;
  return (
    <EntityRecordPage
      definition={paperSearch}
      item={result.error ? undefined : paper}
      loading={result.loading}
      error={result.error ? describeError(result.error) : undefined}
      identifier={identifier}
      head={head}
      actions={
        paper &&
        release && (
          <CiteButton record={`Study ${paper.name} (${paper.year})`} path={paper.url} release={release} />
        )
      }
    />
  );
}
