import { z } from "zod";
import { type Data, defineTool, first, ToolError } from "./tool";

const OPERATION = `query McpChapter($chapter: String!) {
    icd11Chapter(chapter: $chapter) {
      chapter name description diseaseCount geneCount
      diseases { hdoid name geneCount genes { gene { humanName } } }
    }
  }`;

export const getChapter = defineTool({
  name: "get_chapter",
  title: "Get an ICD-11 chapter",
  description:
    "One ICD-11 chapter (two digits, e.g. 08 for diseases of the nervous system) with its diseases and their synaptic genes.",
  inputSchema: { chapter: z.string().min(1).max(4).describe("Two-digit ICD-11 chapter, e.g. 08") },
  async answer({ chapter }, { run, link }) {
    const { icd11Chapter } = await run(OPERATION, { chapter: chapter.trim() });
    if (!icd11Chapter) throw new ToolError(`No ICD-11 chapter '${chapter}': chapters are 01 to 26`);
    return {
      chapter: icd11Chapter.chapter,
      name: icd11Chapter.name,
      description: icd11Chapter.description,
      diseaseCount: icd11Chapter.diseaseCount,
      geneCount: icd11Chapter.geneCount,
      diseases: first(icd11Chapter.diseases as Data[]).map((d) => ({
        hdoid: d.hdoid,
        name: d.name,
        geneCount: d.geneCount,
        genes: first(d.genes as Data[]).map((g) => g.gene.humanName),
        url: d.hdoid ? link.disease(d.hdoid) : null,
      })),
      url: link.chapter(icd11Chapter.chapter),
    };
  },
});
