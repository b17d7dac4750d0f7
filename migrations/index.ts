import { InitialSchema1732240000000 } from "./1732240000000-initial-schema";
import { VisitId1764201600000 } from "./1764201600000-visit-id";
import { ReadModels1764288000000 } from "./1764288000000-read-models";
import { ReleaseDocuments1764374400000 } from "./1764374400000-release-documents";
import { StartDocuments1764460800000 } from "./1764460800000-start-documents";
import { SqliteStatistics1764547200000 } from "./1764547200000-sqlite-statistics";
import { SearchIndexDocument1764633600000 } from "./1764633600000-search-index-document";
import { ListHeads1764720000000 } from "./1764720000000-list-heads";
import { DerivedData1764806400000 } from "./1764806400000-derived-data";

/** Every migration, oldest first. */
export const migrations = [
  InitialSchema1732240000000,
  VisitId1764201600000,
  ReadModels1764288000000,
  ReleaseDocuments1764374400000,
  StartDocuments1764460800000,
  SqliteStatistics1764547200000,
  SearchIndexDocument1764633600000,
  ListHeads1764720000000,
  DerivedData1764806400000,
];
