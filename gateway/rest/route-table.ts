import type { FastifyRequest } from "fastify";
import type { CsvColumn } from "../csv/csv-writer";
import type { JsonSchema, Shape } from "./response-schema";

export type ParamValue = string | number | boolean | undefined;
export type Params = Record<string, ParamValue>;

export interface ParamSpec {
  name: string;
  in: "path" | "query" | "body";
  type: "string" | "integer" | "boolean";
  description: string;
  required?: boolean;
  default?: string | number | boolean;
  enum?: readonly string[];
  /** The enum is checked in any case (the canonical spelling is documented and passed on as given). */
  anyCase?: boolean;
  /** A regular expression (source) the value must match. */
  pattern?: string;
  min?: number;
  max?: number;
  /** Message for a missing or invalid value (the documented wording, where one exists). */
  message?: string;
}

interface RouteBase {
  method: "GET" | "POST";
  /** Fastify path pattern, e.g. /api/gene/:id/tab/:tab */
  path: string;
  category: string;
  summary: string;
  params: ParamSpec[];
  /** One named GraphQL operation, run in-process against the portal schema. */
  operation: string;
  variables: (params: Params) => Record<string, unknown>;
  /** A rule over several parameters (e.g. a cost bound): the message of a 400, or null when they are fine. */
  check?: (params: Params) => string | null;
  /** Documented 404 when the operation's main result is null. */
  notFound?: { when: (data: GraphQLData) => boolean; message: string };
  /** Documented 404 the operation itself answers (a NOT_FOUND error), with its message. */
  operationNotFound?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: GraphQL results are typed per operation by the mapping code
export type GraphQLData = Record<string, any>;

/**
 * What an in-process operation gave the REST facade: its data (with the key of the release a query was
 * read from, when known), or the status and message of its error.
 */
export type Outcome =
  | { ok: true; data: GraphQLData; release?: string | null }
  | { ok: false; status: number; message: string };

/**
 * Runs a named operation in-process for a REST route; `request`, when given, is marked if the database
 * was unreachable (answered 503 in the envelope).
 */
export type RunOperation = (
  operation: string,
  variables: Record<string, unknown>,
  request?: FastifyRequest,
) => Promise<Outcome>;

/** What a JSON route answers besides `success` and `message`: `data` and the envelope's extra fields. */
export interface ResponseSchema {
  data: JsonSchema;
  extra?: Record<string, JsonSchema>;
}

export interface JsonRoute extends RouteBase {
  response: "json";
  /**
   * The JSON Schema of what `map` returns, from the walked GraphQL operation (see response-schema.ts);
   * several when `map` answers in several shapes.
   */
  schema: (op: Shape) => ResponseSchema | ResponseSchema[];
  map: (
    data: GraphQLData,
    params: Params,
  ) => { data: unknown; message?: string; extra?: Record<string, unknown> };
}

export interface CsvRoute<Row = GraphQLData> extends RouteBase {
  response: "csv";
  fileName: (data: GraphQLData, params: Params) => (string | number)[];
  columns: CsvColumn<Row>[];
  rows: (data: GraphQLData) => Iterable<Row>;
  /** For long exports: the variables of the next chunk's operation, or null after the last chunk. */
  nextVariables?: (data: GraphQLData) => Record<string, unknown> | null;
}

export type RestRoute = JsonRoute | CsvRoute;

/** Helps TypeScript infer a CSV route's row type from its rows function. */
export function csvRoute<Row>(route: CsvRoute<Row>): RestRoute {
  return route as unknown as RestRoute;
}
