import path from "node:path";
import type { GraphQLSchema } from "graphql";
import { buildSchemaSync, getMetadataStorage } from "type-graphql";
import { AnalysisResolver } from "./resolvers/analysis.resolver";
import { BrainRegionResolver } from "./resolvers/brain-region.resolver";
import { BrainRegionDistributionResolver } from "./resolvers/brain-region-distribution.resolver";
import { CatalogResolver } from "./resolvers/catalog.resolver";
import { ChapterResolver } from "./resolvers/chapter.resolver";
import { ChapterDiseaseResolver } from "./resolvers/chapter-disease.resolver";
import { ClassificationResolver } from "./resolvers/classification.resolver";
import { CompareResolver, SetIntersectionResolver } from "./resolvers/compare.resolver";
import { CompartmentResolver } from "./resolvers/compartment.resolver";
import { DatasetResolver } from "./resolvers/dataset.resolver";
import { DiseaseResolver } from "./resolvers/disease.resolver";
import { ExportResolver } from "./resolvers/export.resolver";
import { GeneResolver } from "./resolvers/gene.resolver";
import { GoTermResolver } from "./resolvers/go-term.resolver";
import { HistoryResolver } from "./resolvers/history.resolver";
import { MutationResolver } from "./resolvers/mutation.resolver";
import { OverviewResolver } from "./resolvers/overview.resolver";
import { PaperResolver } from "./resolvers/paper.resolver";
import { SchemaDiagramResolver } from "./resolvers/schema-diagram.resolver";
import { SearchResolver } from "./resolvers/search.resolver";
import { StatsResolver } from "./resolvers/stats.resolver";
import { SyngoAnnotationResolver } from "./resolvers/syngo-annotation.resolver";
import { totalCountResolvers } from "./resolvers/total-count.resolver";

/**
 * Every resolver. A GraphQL type's fields are resolved in one file named after it (gene.resolver.ts:
 * Gene, with its root lookups); the other files hold the root fields of one screen or service.
 */
export const resolvers = [
  // the domain graph's types
  GeneResolver,
  DiseaseResolver,
  PaperResolver,
  MutationResolver,
  ChapterResolver,
  ChapterDiseaseResolver,
  BrainRegionResolver,
  GoTermResolver,
  SyngoAnnotationResolver,
  CompareResolver,
  SetIntersectionResolver,
  ...totalCountResolvers,
  // the root fields of screens and services
  DatasetResolver,
  StatsResolver,
  CompartmentResolver,
  ClassificationResolver,
  BrainRegionDistributionResolver,
  HistoryResolver,
  SearchResolver,
  CatalogResolver,
  ExportResolver,
  SchemaDiagramResolver,
  AnalysisResolver,
  OverviewResolver,
] as const;

let built: GraphQLSchema | null = null;

/** The executable schema; built once per process. */
export function portalSchema(): GraphQLSchema {
  if (built) return built;
  // A plain field reads its property with graphql-js's own resolver: type-graphql would wrap each one in a
  // closure that runs middlewares and auth checks, which this schema has none of, on every field of every
  // answer (a gene page resolves a few thousand). Fields with a @FieldResolver keep theirs.
  for (const field of getMetadataStorage().fields) field.simple ??= true;
  built = buildSchemaSync({ resolvers, validate: false, emitSchemaFile: false });
  return built;
}

export const sdlPath = (root: string) => path.join(root, "schema", "schema.graphql");
