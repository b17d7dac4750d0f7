import { LRUCache } from "lru-cache";
import type { DataSource } from "typeorm";
import { BrainRegion, Chapter, Disease, Gene, Localisation, Paper } from "../../schema";
import {
  chapterAddress,
  compartmentAddress,
  diseaseAddress,
  type EntityPageKind,
  geneAddress,
  regionAddress,
  slug,
  studyAddress,
} from "../../schema/entity-address";
import { GeneMatchKind } from "../../schema/gene-match.enum";
import { readRows, tableOf } from "../db/read";
import { matchKind, pageInRankOrder } from "../search/gene-ranking";
import { rowsByKey } from "./list-query";
import type { ReleaseWatcher } from "./release-watcher";
import type { SearchService } from "./search.service";

/** How a gene page's identifier may name a gene: one gene, by an identifier of its own. */
const GENE_IDENTIFIER_MATCHES = new Set<string>([
  GeneMatchKind.SYMBOL,
  GeneMatchKind.ID,
  GeneMatchKind.ORTHOLOG_ID,
  GeneMatchKind.ALIAS,
]);

/** The longest identifier a record page's address is looked up by. */
const MAX_IDENTIFIER_LENGTH = 200;
/** Lookups kept: a few of every record's addresses of the bundled release (unknown ones included). */
const LOOKUPS_KEPT = 20_000;

/**
 * The canonical page of a record from any identifier its address may carry: a gene by symbol in any
 * case, human/mouse/rat Entrez, MGI, HGNC, Ensembl or UniProt id, a unique alias or its GeneID; a
 * disease by its DOID in any form (DOID:1826, doid_1826, 1826); a study by PMID or name; a brain
 * region, ICD-11 chapter or compartment by id or name. The gateway answers the canonical address
 * itself, redirects any other to it (301) and any unknown one to the Not Found screen.
 */
export class RecordAddressService {
  /**
   * Answers already found, by release key, kind and identifier: every request for a record page asks
   * (a cached page too), and the answer changes only with the release.
   */
  private readonly found = new LRUCache<string, { address: string | null }>({ max: LOOKUPS_KEPT });

  constructor(
    private readonly db: DataSource,
    private readonly search: SearchService,
    private readonly releases: ReleaseWatcher,
  ) {}

  /** The canonical address of the record `identifier` names, or null when it names none. */
  async canonical(kind: EntityPageKind, identifier: string): Promise<string | null> {
    const term = identifier.trim();
    if (term === "" || term.length > MAX_IDENTIFIER_LENGTH) return null;
    const key = `${this.releases.key} ${kind} ${term}`;
    const known = this.found.get(key);
    if (known) return known.address;
    const address = await this.lookUp(kind, term);
    this.found.set(key, { address });
    return address;
  }

  private lookUp(kind: EntityPageKind, term: string): Promise<string | null> {
    switch (kind) {
      case "gene":
        return this.gene(term);
      case "disease":
        return this.disease(term);
      case "study":
        return this.study(term);
      case "region":
        return this.region(term);
      case "chapter":
        return this.chapter(term);
      case "compartment":
        return this.compartment(term);
    }
  }

  private async gene(term: string): Promise<string | null> {
    const { ranked } = await this.search.rankGenes(term);
    const [best] = pageInRankOrder(ranked, 0, 1);
    let id = best && GENE_IDENTIFIER_MATCHES.has(matchKind(best.rank)) ? best.id : null;
    if (id === null) id = await this.geneByOtherId(term);
    if (id === null) return null;
    const gene = (await rowsByKey(this.db, Gene, "id", [id])).get(id);
    return gene ? geneAddress(gene.humanName) : null;
  }

  /** A GeneID, or an HGNC (HGNC:2903), Ensembl or UniProt id the search index does not key. */
  private async geneByOtherId(term: string): Promise<number | null> {
    if (/^\d+$/.test(term)) {
      const id = Number(term);
      return Number.isSafeInteger(id) && (await rowsByKey(this.db, Gene, "id", [id])).has(id) ? id : null;
    }
    const upper = term.toUpperCase();
    const hgnc = /^\d+$/.test(upper.replace(/^HGNC:/, "")) ? `HGNC:${upper.replace(/^HGNC:/, "")}` : upper;
    const rows = await readRows<{ id: number }>(
      this.db,
      `SELECT id FROM ${tableOf(this.db, Gene)} WHERE hgnc_id = ? OR UPPER(ensembl_id) = ? OR UPPER(uniprot_id) = ? ORDER BY id LIMIT 1`,
      [hgnc, upper, upper],
    );
    return rows.length > 0 ? Number(rows[0]!.id) : null;
  }

  private async disease(term: string): Promise<string | null> {
    const number = /^(?:doid[:_ ]?)?(\d+)$/i.exec(term)?.[1];
    if (!number) return null;
    const hdoid = `DOID:${number}`;
    return (await rowsByKey(this.db, Disease, "hdoid", [hdoid])).has(hdoid) ? diseaseAddress(hdoid) : null;
  }

  private async study(term: string): Promise<string | null> {
    if (/^\d+$/.test(term)) {
      const pmid = Number(term);
      if (!Number.isSafeInteger(pmid)) return null;
      const paper = (await rowsByKey(this.db, Paper, "pmid", [pmid])).get(pmid);
      return paper ? studyAddress(paper) : null;
    }
    const rows = await readRows<{ pmid: number; name: string }>(
      this.db,
      `SELECT pmid, name FROM ${tableOf(this.db, Paper)} WHERE LOWER(name) = ?`,
      [term.toLowerCase()],
    );
    const paper = rows[0];
    return paper ? studyAddress({ pmid: Number(paper.pmid), name: paper.name }) : null;
  }

  private async region(term: string): Promise<string | null> {
    const regions = await this.db.getRepository(BrainRegion).find();
    const found = regions.find((r) => String(r.id) === term || slug(r.name) === slug(term));
    return found ? regionAddress(found.name) : null;
  }

  private async chapter(term: string): Promise<string | null> {
    // Chapters 01-26, and the supplementary sections V (functioning) and X (extension codes).
    if (!/^(\d{1,2}|[vx])$/i.test(term)) return null;
    const code = /^\d+$/.test(term) ? term.padStart(2, "0") : term.toUpperCase();
    return (await rowsByKey(this.db, Chapter, "chapter", [code])).has(code) ? chapterAddress(code) : null;
  }

  private async compartment(term: string): Promise<string | null> {
    const compartments = await this.db.getRepository(Localisation).find();
    const found = compartments.find((c) => String(c.id) === term || slug(c.name) === slug(term));
    return found ? compartmentAddress(found.name) : null;
  }
}
