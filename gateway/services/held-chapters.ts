import { type ChapterSearchIndex, indexChapter } from "../../schema/chapter-search";
import type { ChapterDetail, ChapterDisease } from "../../schema/classification.type";
import type { Gene } from "../../schema/gene.entity";
import { HeldPerRelease } from "./held-per-release";
import type { ReleaseWatcher } from "./release-watcher";

/** A chapter as read, and its diseases indexed for the chapter search. */
export interface HeldChapter {
  detail: ChapterDetail;
  search: ChapterSearchIndex<ChapterDisease>;
}

/**
 * The ICD-11 chapters, each read whole (four statements) when first asked for and then held until a
 * release switch: the chapter dialog asks for a page of a chapter's diseases at every search it types,
 * which would read the whole chapter each time (chapter 08 is 8,420 diseases at 10x data). Chapters are
 * read one by one, when asked for: none at start. Memory measured in bench/results (README).
 */
interface Held {
  chapters: Map<string, Promise<HeldChapter | null>>;
  /** The held chapters' genes, one object per gene: a gene of several chapters is held once. */
  genes: Map<number, Gene>;
  /** Their search text (indexChapter), held once too. */
  geneText: Map<string, string[]>;
}

export class HeldChapters extends HeldPerRelease<Held> {
  constructor(
    releases: ReleaseWatcher,
    private readonly readChapter: (code: string, genes: Map<number, Gene>) => Promise<ChapterDetail | null>,
  ) {
    super(releases);
  }

  /** The chapter of that code (two digits, already checked); null when there is none. */
  async chapter(code: string): Promise<HeldChapter | null> {
    const held = await this.liveOrRead();
    let chapter = held.chapters.get(code);
    if (!chapter) {
      chapter = this.readChapter(code, held.genes).then((detail) =>
        detail ? { detail, search: indexChapter(detail.diseases, held.geneText) } : null,
      );
      held.chapters.set(code, chapter);
      // A failed read (a statement stopped under load) is read again by the next request.
      chapter.catch(() => held.chapters.delete(code));
    }
    return chapter;
  }

  protected async read(): Promise<Held> {
    return { chapters: new Map(), genes: new Map(), geneText: new Map() };
  }
}
