import { type ChapterSearchIndex, indexChapter } from "../../schema/chapter-search";
import type { ChapterDetail, ChapterDisease } from "../../schema/classification.type";
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
export class HeldChapters extends HeldPerRelease<Map<string, Promise<HeldChapter | null>>> {
  constructor(
    releases: ReleaseWatcher,
    private readonly readChapter: (code: string) => Promise<ChapterDetail | null>,
  ) {
    super(releases);
  }

  /** The chapter of that code (two digits, already checked); null when there is none. */
  async chapter(code: string): Promise<HeldChapter | null> {
    const held = await this.liveOrRead();
    let chapter = held.get(code);
    if (!chapter) {
      chapter = this.readChapter(code).then((detail) =>
        detail ? { detail, search: indexChapter(detail.diseases) } : null,
      );
      held.set(code, chapter);
      // A failed read (a statement stopped under load) is read again by the next request.
      chapter.catch(() => held.delete(code));
    }
    return chapter;
  }

  protected async read(): Promise<Map<string, Promise<HeldChapter | null>>> {
    return new Map();
  }
}
