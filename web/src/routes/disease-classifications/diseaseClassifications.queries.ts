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

export const icd11ChapterQuery = graphql(`
  query Icd11ChapterDialog($chapter: String!) {
    icd11Chapter(chapter: $chapter) {
      chapter
      name
      description
      specificChapter
      diseaseCount
      geneCount
      diseases {
        name
        omimId
        hdoid
        description
        inheritance
        inheritanceIsSynthetic
        icdCode
        geneCount
        genes {
          entrezId
          gene {
            id
            humanName
            description
            aliases
            chromosomeLocation
          }
        }
      }
    }
  }
`);

/** A chapter's own page: its name for the page's head and heading (the chapter's diseases load in the browser). */
export const chapterRecordQuery = graphql(`
  query ChapterRecord($code: String!) {
    chapter(code: $code) {
      chapter
      name
      url
    }
  }
`);
