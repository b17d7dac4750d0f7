import { graphql } from "../../gql";

export const icd11ChaptersQuery = graphql(`
  query Icd11ChaptersPage {
    icd11Chapters {
      chapter
      name
      description
      diseaseCount
      geneCount
    }
  }
`);

/** A chapter's header: its name, text and counts (its diseases come a page at a time). */
export const icd11ChapterQuery = graphql(`
  query Icd11ChapterDialog($chapter: String!) {
    icd11Chapter(chapter: $chapter) {
      chapter
      name
      description
      specificChapter
      diseaseCount
      geneCount
    }
  }
`);

/** One page of a chapter's diseases that match the search (their genes come when one is opened). */
export const icd11ChapterDiseasesQuery = graphql(`
  query Icd11ChapterDiseases($chapter: String!, $search: String!, $page: Int!, $pageSize: Int!) {
    icd11ChapterDiseases(chapter: $chapter, search: $search, page: $page, pageSize: $pageSize) {
      search
      matchingGeneCount
      matchingGenes
      pagination {
        page
        pageSize
        total
        totalPages
      }
      diseases {
        hasMatchingGenes
        disease {
          name
          omimId
          hdoid
          description
          inheritance
          inheritanceIsSynthetic
          icdCode
          geneCount
        }
      }
    }
  }
`);

/** The genes of one disease of a chapter, asked for when the disease is opened. */
export const icd11ChapterDiseaseGenesQuery = graphql(`
  query Icd11ChapterDiseaseGenes($chapter: String!, $hdoid: String!) {
    icd11ChapterDiseaseGenes(chapter: $chapter, hdoid: $hdoid) {
      entrezId
      gene {
        id
        humanName
        description
        chromosomeLocation
      }
    }
  }
`);

/** A chapter's own page: its name for the page's head and heading. */
export const chapterRecordQuery = graphql(`
  query ChapterRecord($code: String!) {
    chapter(code: $code) {
      chapter
      name
      url
    }
  }
`);
