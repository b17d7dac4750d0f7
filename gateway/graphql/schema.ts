import path from "node:path";
import type { GraphQLSchema } from "graphql";
import { buildSchemaSync } from "type-graphql";
import { DatasetResolver } from "./resolvers/dataset.resolver";
import { GeneResolver, MutationRecordResolver } from "./resolvers/gene.resolver";
import { StatsResolver } from "./resolvers/stats.resolver";

export const resolvers = [GeneResolver, MutationRecordResolver, DatasetResolver, StatsResolver] as const;

let built: GraphQLSchema | null = null;

/** The executable schema; built once per process. */
export function portalSchema(): GraphQLSchema {
  built ??= buildSchemaSync({ resolvers, validate: false, emitSchemaFile: false });
  return built;
}

export const sdlPath = (root: string) => path.join(root, "schema", "schema.graphql");
