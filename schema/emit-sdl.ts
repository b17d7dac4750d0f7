import "reflect-metadata";
import { writeFileSync } from "node:fs";
import { lexicographicSortSchema, printSchema } from "graphql";
import { projectRoot } from "../gateway/db/data-source";
import { portalSchema, sdlPath } from "../gateway/graphql/schema";

/** The SDL as committed in schema/schema.graphql (sorted, so diffs stay readable). */
export function printPortalSdl(): string {
  return `${printSchema(lexicographicSortSchema(portalSchema()))}\n`;
}

if (require.main === module) {
  writeFileSync(sdlPath(projectRoot), printPortalSdl());
  console.log(`wrote ${sdlPath(projectRoot)}`);
}
