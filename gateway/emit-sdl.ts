import "reflect-metadata";
import { writeFileSync } from "node:fs";
import { lexicographicSortSchema, printSchema } from "graphql";
import { projectRoot } from "./db/data-source";
import { portalSchema, sdlPath } from "./graphql/schema";

/**
 * The SDL as committed in schema/schema.graphql (sorted, so diffs stay readable). It lives in the gateway,
 * not in schema/: the schema is what the gateway's resolvers build from the model (`npm run schema:emit`).
 */
export function printPortalSdl(): string {
  return `${printSchema(lexicographicSortSchema(portalSchema()))}\n`;
}

if (require.main === module) {
  writeFileSync(sdlPath(projectRoot), printPortalSdl());
  console.log(`wrote ${sdlPath(projectRoot)}`);
}
