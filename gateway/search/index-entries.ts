import { columnLength, type StringColumn, stringAt, stringColumn } from "./string-column";
import type { Suggestion } from "./suggestion";

/** One entry of the search index: a suggestion, with how it ranks and how it is matched. */
export interface Entry extends Suggestion {
  id: number;
  /** Lower is shown first among equally good matches (symbol before alias before ids ...). */
  priority: number;
  /** Identifiers (Entrez, MGI, UniProt, HDOID, PMID) are matched by prefix, not by words. */
  identifier: boolean;
}

/** The genes of an entry that names none: shared, never changed (suggestions copy an entry's genes). */
export const NO_GENES: string[] = [];

/** The fields an entry shares with many others: a few dozen combinations in all. */
export type EntryKind = Pick<Entry, "type" | "entityType" | "priority" | "identifier"> & {
  /** Entity type and type: the start of the suggestion key of the kind's entries. */
  keyStart: string;
};

/**
 * The entries in columns: a text, a kind number, a description, a title and a gene each, and an Entry
 * object only when one is asked for. At 10x data there are 950,000 entries, and an object each took
 * 125 MiB of the heap that every full collection marks; their strings as heap objects, 60 MB more.
 */
export class EntryTable {
  /** The texts while the table is filled; then `texts`. */
  private filling: string[] | null = [];
  private texts!: StringColumn;
  private kindOf: number[] | Uint8Array = [];
  /**
   * Descriptions, titles and gene symbols as numbers into `strings` (-1 for none), each string once:
   * most are another entry's text (a gene's symbol describes its ids).
   */
  private strings!: StringColumn;
  private descriptionOf: number[] | Int32Array = [];
  private titleOf: number[] | Int32Array = [];
  /** The one gene an entry names (its symbol's number in `strings`), or -1: entries name one or none. */
  private geneOf: number[] | Int32Array = [];
  private readonly kinds: EntryKind[] = [];
  private readonly kindIds = new Map<string, number>();
  /** While the table is filled: the number of each string in `strings`. */
  private stringIds: Map<string, number> | null = new Map();

  get length(): number {
    return this.filling ? this.filling.length : columnLength(this.texts);
  }

  add(entry: Omit<Entry, "id">): number {
    const key = `${entry.type}|${entry.entityType}|${entry.priority}|${entry.identifier}`;
    let kind = this.kindIds.get(key);
    if (kind === undefined) {
      kind = this.kinds.length;
      this.kinds.push({
        type: entry.type,
        entityType: entry.entityType,
        priority: entry.priority,
        identifier: entry.identifier,
        keyStart: `${entry.entityType}|${entry.type}|`,
      });
      this.kindIds.set(key, kind);
    }
    if (entry.genes.length > 1) throw new Error("a search entry names one gene at most");
    this.filling!.push(entry.text);
    (this.kindOf as number[]).push(kind);
    (this.descriptionOf as number[]).push(this.stringId(entry.description));
    (this.titleOf as number[]).push(this.stringId(entry.title));
    (this.geneOf as number[]).push(this.stringId(entry.genes[0] ?? null));
    return this.filling!.length - 1;
  }

  private stringId(text: string | null): number {
    if (text === null) return -1;
    let id = this.stringIds!.get(text);
    if (id === undefined) {
      id = this.stringIds!.size;
      this.stringIds!.set(text, id);
    }
    return id;
  }

  /** Once every entry is added: the strings into columns, the numbers into flat arrays. */
  seal(): void {
    if (this.kinds.length > 256) throw new Error("more than 256 kinds of search entries");
    this.texts = stringColumn(this.filling!);
    this.filling = null;
    this.strings = stringColumn([...this.stringIds!.keys()]); // a Map iterates in insertion order
    this.stringIds = null;
    this.kindOf = Uint8Array.from(this.kindOf);
    this.descriptionOf = Int32Array.from(this.descriptionOf);
    this.titleOf = Int32Array.from(this.titleOf);
    this.geneOf = Int32Array.from(this.geneOf);
  }

  private string(id: number): string | null {
    return id < 0 ? null : stringAt(this.strings, id);
  }

  text(id: number): string {
    return stringAt(this.texts, id);
  }

  kind(id: number): EntryKind {
    return this.kinds[this.kindOf[id]!]!;
  }

  isIdentifier(id: number): boolean {
    return this.kind(id).identifier;
  }

  at(id: number): Entry {
    const kind = this.kind(id);
    const gene = this.geneOf[id]!;
    return {
      text: this.text(id),
      type: kind.type,
      entityType: kind.entityType,
      description: this.string(this.descriptionOf[id]!),
      title: this.string(this.titleOf[id]!),
      genes: gene < 0 ? NO_GENES : [stringAt(this.strings, gene)],
      id,
      priority: kind.priority,
      identifier: kind.identifier,
    };
  }
}
