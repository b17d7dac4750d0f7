import { studyTitle } from "../services/study-link";
import { GeneRanking } from "./gene-ranking";
import { type Entry, EntryTable, NO_GENES } from "./index-entries";
import { type KeyedIds, KeyedIdsBuilder } from "./keyed-ids";
import { type StringColumn, stringColumn } from "./string-column";
import type { SearchSource } from "./suggestion";

/** Letters and digits only, lower-cased: 'PSD-95', 'psd95' and 'Psd 95' are one key. */
export const normaliseKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** What the search index holds besides its word search: every entry, and the lookups made from them. */
export interface IndexFields {
  entries: EntryTable;
  /**
   * Lower-cased identifiers (and their numeric parts), sorted for prefix search, and the entry of each:
   * flat arrays rather than an object per identifier (at 10x data, half a million of them).
   */
  identifierKeys: StringColumn;
  identifierEntries: Int32Array;
  /** Ids of the word-indexed entries (not identifiers), ascending. */
  wordIds: Int32Array;
  /**
   * Ids of the word-indexed entries ordered by lower-cased text: the entries whose whole text starts
   * with a term are one run of it. Ids only (4 bytes each): the lower-cased texts are not kept.
   */
  byText: Int32Array;
  /**
   * Normalised symbol / alias / protein name / UniProt id → gene symbol(s), for protein lookup, as
   * numbers into `proteinSymbols` (at 10x data, 440,000 keys: a Map of them took 40 MB).
   */
  proteinKeys: KeyedIds;
  /** The gene symbols `proteinKeys` names by number. */
  proteinSymbols: string[];
  /** Upper-cased gene symbol → the symbol as stored. */
  symbols: Map<string, string>;
  /** Gene search ranking for text terms (symbol, alias, protein name). */
  genes: GeneRanking;
  size: number;
}

/** The entries of a release's genes, diseases and studies, and the lookups of the search index. */
export function indexFields(source: SearchSource): IndexFields {
  const genes = new GeneRanking(source.genes);
  const entries = new EntryTable();
  const proteinSymbols: string[] = [];
  const symbols = new Map<string, string>();
  const identifiers: { key: string; entry: number }[] = [];
  const add = (
    entry: Omit<Entry, "id" | "genes" | "identifier"> & { genes?: string[]; identifier?: boolean },
  ) => {
    if (entry.text.trim() === "") return;
    // Entries are written field by field, here and by the callers, never spread: spreading objects
    // of many shapes took half the build's time (at 10x data 11 s, then 5.4 s).
    const id = entries.add({
      text: entry.text,
      type: entry.type,
      entityType: entry.entityType,
      description: entry.description,
      title: entry.title,
      genes: entry.genes ?? NO_GENES,
      priority: entry.priority,
      identifier: entry.identifier ?? false,
    });
    if (entry.identifier) {
      const key = entry.text.toLowerCase();
      identifiers.push({ key, entry: id });
      const number = key.match(/^[a-z]+:(\d+)$/)?.[1]; // MGI:1277959 and DOID:1826 by their numbers too
      if (number) identifiers.push({ key: number, entry: id });
    }
  };
  const proteinKeyIds = new KeyedIdsBuilder();
  const symbolIds = new Map<string, number>();
  const addKey = (key: string | null, symbol: string) => {
    if (!key) return;
    const k = normaliseKey(key);
    if (k === "") return;
    let id = symbolIds.get(symbol);
    if (id === undefined) {
      id = proteinSymbols.length;
      proteinSymbols.push(symbol);
      symbolIds.set(symbol, id);
    }
    proteinKeyIds.add(k, id);
  };

  for (const g of source.genes) {
    symbols.set(g.symbol.toUpperCase(), g.symbol);
    // The gene its alias and protein entries name (kept once, as a number, by the entry table).
    const own = [g.symbol];
    const aliasOf = `Alias of ${g.symbol}`;
    add({
      entityType: "gene",
      title: null,
      text: g.symbol,
      type: "Gene Name",
      description: g.proteinName,
      priority: 0,
    });
    for (const alias of g.aliases)
      add({
        entityType: "gene",
        title: null,
        text: alias,
        type: "Alias",
        description: aliasOf,
        genes: own,
        priority: 1,
      });
    if (g.humanEntrez !== null)
      add({
        entityType: "gene",
        title: null,
        text: String(g.humanEntrez),
        type: "Human Entrez",
        identifier: true,
        description: g.symbol,
        priority: 2,
      });
    if (g.mouseEntrez !== null)
      add({
        entityType: "gene",
        title: null,
        text: String(g.mouseEntrez),
        type: "Mouse Entrez",
        identifier: true,
        description: g.symbol,
        priority: 3,
      });
    if (g.ratEntrez !== null)
      add({
        entityType: "gene",
        title: null,
        text: String(g.ratEntrez),
        type: "Rat Entrez",
        identifier: true,
        description: g.symbol,
        priority: 3,
      });
    if (g.mgi)
      add({
        entityType: "gene",
        title: null,
        text: g.mgi,
        type: "MGI ID",
        identifier: true,
        description: g.symbol,
        priority: 3,
      });
    if (g.proteinName)
      add({
        entityType: "protein",
        title: null,
        genes: own,
        text: g.proteinName,
        type: "Protein Name",
        description: g.symbol,
        priority: 4,
      });
    if (g.uniprot)
      add({
        entityType: "protein",
        title: null,
        genes: own,
        text: g.uniprot,
        type: "UniProt ID",
        identifier: true,
        description: g.symbol,
        priority: 4,
      });
    for (const key of [g.symbol, g.proteinName, g.uniprot, ...g.aliases]) addKey(key, g.symbol);
  }
  for (const d of source.diseases) {
    add({
      entityType: "disease",
      title: null,
      text: d.name,
      type: "Disease",
      description: d.hdoid,
      priority: 0,
    });
    add({
      entityType: "disease",
      title: null,
      text: d.hdoid,
      type: "HDOID",
      identifier: true,
      description: d.name,
      priority: 1,
    });
  }
  for (const p of source.papers) {
    const paperTitle = studyTitle(p);
    add({
      entityType: "paper",
      title: paperTitle,
      text: p.name,
      type: "Publication",
      description: `${p.year} · PMID ${p.pmid}`,
      priority: 0,
    });
    if (p.title)
      add({
        entityType: "paper",
        title: paperTitle,
        text: p.title,
        type: "Publication",
        description: `${p.name} (${p.year})`,
        priority: 1,
      });
    add({
      entityType: "paper",
      title: paperTitle,
      text: String(p.pmid),
      type: "PMID",
      identifier: true,
      description: `${p.name} (${p.year})`,
      priority: 2,
    });
  }

  entries.seal();
  identifiers.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.entry - b.entry));
  const wordIds: number[] = [];
  const lowerTexts: string[] = [];
  for (let id = 0; id < entries.length; id++) {
    const identifier = entries.isIdentifier(id);
    lowerTexts.push(identifier ? "" : entries.text(id).toLowerCase());
    if (!identifier) wordIds.push(id);
  }
  const wordIdArray = Int32Array.from(wordIds);
  return {
    entries,
    identifierKeys: stringColumn(identifiers.map((i) => i.key)),
    identifierEntries: Int32Array.from(identifiers, (i) => i.entry),
    wordIds: wordIdArray,
    byText: wordIdArray
      .slice()
      .sort((a, b) => (lowerTexts[a]! < lowerTexts[b]! ? -1 : lowerTexts[a]! > lowerTexts[b]! ? 1 : a - b)),
    proteinKeys: proteinKeyIds.build(),
    proteinSymbols,
    symbols,
    genes,
    size: entries.length,
  };
}
