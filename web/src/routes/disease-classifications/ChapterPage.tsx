import { useQuery } from "@apollo/client/react";
import { type Params, useParams } from "react-router-dom";
import { termJsonLd } from "../../../../schema/linked-data";
import { CiteButton } from "../../components/cite/CiteButton";
import { RecordBreadcrumb } from "../../components/entity-search/RecordBreadcrumb";
import { RecordHeader } from "../../components/entity-search/RecordHeader";
import { RecordNotFound } from "../../components/entity-search/RecordNotFound";
import {
  linkedDataSite,
  recordReleaseRequest,
  useRecordRelease,
} from "../../components/entity-search/recordRelease";
import { Spinner } from "../../components/Spinner";
import { useAddressParams } from "../../hooks/useAddress";
import { NOT_FOUND_DESCRIPTION, usePageHead } from "../../hooks/useDocumentTitle";
import { describeError } from "../../lib/errors";
import { isNumericChapter } from "../../lib/icdChapters";
import { pageQuery, type ScreenPreload } from "../../lib/pageQuery";
import { siteConfig } from "../../site.config";
import {
  ChapterContent,
  type ChapterView,
  chapterDiseasesRequest,
  chapterHeaderRequest,
  chapterViewOf,
  chapterViewParams,
} from "./ChapterDialog";
import { chapterRecordQuery } from "./diseaseClassifications.queries";
import "./diseaseClassifications.css";

const SCREEN = "Disease Classifications";

/** The chapter's query, as the address names it. */
const recordRequest = (params: Params) => pageQuery(chapterRecordQuery, { code: params.chapter ?? "" });

/**
 * What the server render of a chapter's page runs before it renders (src/prerender.tsx): the chapter,
 * its header and the page of its diseases the address names (20 diseases with their genes).
 */
export const preload: ScreenPreload = async ({ params, search }, run) => {
  const chapter = params.chapter ?? "";
  const [data] = await Promise.all([run(recordRequest(params)), run(recordReleaseRequest)]);
  if (!data.chapter || !isNumericChapter(chapter)) return;
  await Promise.all([
    run(chapterHeaderRequest(chapter)),
    run(chapterDiseasesRequest(chapter, chapterViewOf(search))),
  ]);
};

/**
 * An ICD-11 chapter's own page (/icd-chapter/08): what the disease classifications screen's chapter
 * dialog shows (its diseases a page at a time, their genes, the search among them), as a page of its
 * own, with the search and page in the address (?q=&page=).
 */
export default function ChapterPage() {
  const params = useParams();
  const chapter = params.chapter ?? "";
  const request = recordRequest(params);
  const { data, loading, error } = useQuery(request.query, { variables: request.variables });
  const header = chapterHeaderRequest(chapter);
  // The supplementary sections (V, X) are records of their own, but the classifications list the
  // numbered chapters only: their diseases are not asked for.
  const listed = isNumericChapter(chapter);
  const chapterHeader = useQuery(header.query, {
    variables: header.variables,
    skip: !data?.chapter || !listed,
  });
  const release = useRecordRelease();
  const record = data?.chapter ?? null;
  const detail = chapterHeader.data?.icd11Chapter ?? null;
  const [address, setAddress] = useAddressParams();
  const view = chapterViewOf(address);
  const onChange = (next: ChapterView) => setAddress(chapterViewParams(next), { replace: true });
  usePageHead(
    record
      ? {
          title: `ICD-11 chapter ${record.chapter}: ${record.name} | ${siteConfig.productName}`,
          description: `ICD-11 chapter ${record.chapter} (${record.name}): the diseases of this chapter linked to synaptic genes, with their genes, OMIM records and inheritance.${release ? ` ${release.name} ${release.version}.` : ""}`,
          canonical: record.url,
          jsonLd: release
            ? [
                termJsonLd(
                  {
                    path: record.url,
                    name: record.name,
                    code: record.chapter,
                    set: "ICD-11 chapters (WHO International Classification of Diseases, 11th revision)",
                  },
                  linkedDataSite(release),
                ),
              ]
            : undefined,
        }
      : data
        ? { title: "Page Not Found", description: NOT_FOUND_DESCRIPTION, canonical: null }
        : {
            title: SCREEN,
            description: `The diseases of ICD-11 chapter ${chapter} linked to synaptic genes, with their genes.`,
          },
  );
  const breadcrumb = (
    <RecordBreadcrumb screen={SCREEN} to="/disease-classifications" current={`Chapter ${chapter}`} />
  );
  if (error || loading || !data)
    return (
      <div className="page">
        {breadcrumb}
        {error ? (
          <p className="error-text" role="alert">
            Could not load chapter {chapter}: {describeError(error)}
          </p>
        ) : (
          <Spinner label={`Loading chapter ${chapter}...`} />
        )}
      </div>
    );
  if (!record) return <RecordNotFound scope={null} identifier={chapter} noun="ICD-11 chapter" />;
  return (
    <div className="page" data-testid="chapter-page">
      {breadcrumb}
      <RecordHeader
        actions={
          release && (
            <CiteButton
              record={`ICD-11 chapter ${record.chapter}: ${record.name}`}
              path={record.url}
              release={release}
            />
          )
        }
      >
        <p className="icd-dialog-kicker">ICD-11 chapter {record.chapter}</p>
        <h1>{record.name}</h1>
      </RecordHeader>
      <div className="icd-dialog-body">
        {chapterHeader.error && (
          <p className="error-text" role="alert">
            Could not load the chapter: {describeError(chapterHeader.error)}
          </p>
        )}
        {!listed && (
          <p className="muted" data-testid="chapter-not-listed">
            Section {chapter} is a supplementary section of ICD-11, not a numbered chapter: the disease
            classifications list the diseases of the numbered chapters.
          </p>
        )}
        {listed && !detail && !chapterHeader.error && <Spinner label={`Loading chapter ${chapter}...`} />}
        {detail && <ChapterContent detail={detail} view={view} onChange={onChange} />}
      </div>
    </div>
  );
}
