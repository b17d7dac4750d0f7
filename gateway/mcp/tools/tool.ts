import { z } from "zod";
import type { PortalLinks } from "./links";

// biome-ignore lint/suspicious/noExplicitAny: GraphQL results are typed per operation by the mapping code
export type Data = Record<string, any>;

/** Runs one GraphQL operation as /graphql would; a refused or failed one throws its client-facing message. */
export type RunGraphql = (operation: string, variables: Record<string, unknown>) => Promise<Data>;

/** A tool's failure the assistant should read (unknown id, bad input): an error result, not a crash. */
export class ToolError extends Error {}

/** What a tool's answer reads with: the request's GraphQL runner and links from the origin it came to. */
export interface ToolContext {
  run: RunGraphql;
  link: PortalLinks;
}

/**
 * One assistant tool: its name, what the assistant reads about it, its input, and its answer to a call
 * (compact JSON built from the portal's own GraphQL operations, with links to the portal's pages).
 */
export interface PortalTool<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  inputSchema: Shape;
  answer(input: z.output<z.ZodObject<Shape>>, context: ToolContext): Promise<unknown>;
}

/** A tool, its input typed by its schema. */
export const defineTool = <Shape extends z.ZodRawShape>(tool: PortalTool<Shape>): PortalTool<Shape> => tool;

/** Rows of a relation listed in an answer; the count says how many there are in all. */
export const LIST_LIMIT = 25;

export const first = <T>(rows: T[]) => rows.slice(0, LIST_LIMIT);
export const unique = <T>(rows: T[], key: (row: T) => string | number) => [
  ...new Map(rows.map((row) => [key(row), row])).values(),
];

/** The inputs of the search tools. */
export const query = z.string().min(1).max(200).describe("Search term");
export const page = z.number().int().min(1).max(1000).default(1).describe("Result page (10 per page)");
