import path from "node:path";
import type { GraphQLSchema } from "graphql";
import { buildSchemaSync, getMetadataStorage } from "type-graphql";
import { AnalysisResolver } from "./resolvers/analysis.resolver";
import { BrainRegionResolver } from "./resolvers/brain-region.resolver";
import { CatalogResolver } from "./resolvers/catalog.resolver";
import { ClassificationResolver } from "./resolvers/classification.resolver";
import { CompareResolver, SetIntersectionResolver } from "./resolvers/compare.resolver";
import { CompartmentResolver } from "./resolvers/compartment.resolver";
import { DatasetResolver, GoTermResolver } from "./resolvers/dataset.resolver";
import { DiseaseResolver, MutationGeneResolver } from "./resolvers/disease.resolver";
import { ExportResolver } from "./resolvers/export.resolver";
import { GeneMutationResolver, GeneResolver } from "./resolvers/gene.resolver";
import {
  ChapterDiseaseGraphResolver,
  ChapterGraphResolver,
  DiseaseGraphResolver,
  GeneGraphResolver,
  GeneMutationGraphResolver,
  GoTermGraphResolver,
  PaperGraphResolver,
  RegionGraphResolver,
  SyngoAnnotationGraphResolver,
} from "./resolvers/graph.resolver";
import { HistoryResolver } from "./resolvers/history.resolver";
import { OverviewResolver } from "./resolvers/overview.resolver";
import { PaperResolver } from "./resolvers/paper.resolver";
import { SchemaDiagramResolver } from "./resolvers/schema-diagram.resolver";
import { SearchResolver } from "./resolvers/search.resolver";
import { StatsResolver } from "./resolvers/stats.resolver";
import { totalCountResolvers } from "./resolvers/total-count.resolver";

export const resolvers = [
  GeneResolver,
  GeneMutationResolver,
  DatasetResolver,
  GoTermResolver,
  StatsResolver,
  CompartmentResolver,
  ClassificationResolver,
  BrainRegionResolver,
  HistoryResolver,
  SearchResolver,
  DiseaseResolver,
  MutationGeneResolver,
  PaperResolver,
  CatalogResolver,
  ExportResolver,
  SchemaDiagramResolver,
  AnalysisResolver,
  CompareResolver,
  SetIntersectionResolver,
  OverviewResolver,
  GeneGraphResolver,
  DiseaseGraphResolver,
  PaperGraphResolver,
  GeneMutationGraphResolver,
  ChapterGraphResolver,
  ChapterDiseaseGraphResolver,
  RegionGraphResolver,
  GoTermGraphResolver,
  SyngoAnnotationGraphResolver,
  ...totalCountResolvers,
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
