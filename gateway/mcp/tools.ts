import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { analyzeGeneList } from "./tools/analyze-gene-list";
import { compareSets } from "./tools/compare-sets";
import { getChapter } from "./tools/get-chapter";
import { getDisease } from "./tools/get-disease";
import { getGene } from "./tools/get-gene";
import { getRegion } from "./tools/get-region";
import { getStudy } from "./tools/get-study";
import { portalLinks } from "./tools/links";
import { searchDiseases } from "./tools/search-diseases";
import { searchGenes } from "./tools/search-genes";
import { searchStudies } from "./tools/search-studies";
import type { PortalTool, RunGraphql } from "./tools/tool";

/**
 * The assistant tools, in the order tools/list gives them: the portal's own questions, each answered
 * by the portal's own GraphQL operations (the same schema, validation and cost limits as /graphql), as
 * compact JSON with links back to the portal's pages. A tool is a module of tools/.
 */
export const MCP_TOOLS: readonly PortalTool[] = [
  searchGenes,
  searchDiseases,
  searchStudies,
  getGene,
  getDisease,
  getStudy,
  getChapter,
  getRegion,
  analyzeGeneList,
  compareSets,
];

export const MCP_TOOL_NAMES = MCP_TOOLS.map((tool) => tool.name);

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const json = (value: unknown): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
});

/** Runs a tool body; a ToolError or a refused operation becomes an error result the assistant can read. */
async function answer(body: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return json(await body());
  } catch (error) {
    const message = error instanceof Error ? error.message : "An error occurred";
    return { isError: true, content: [{ type: "text", text: message }] };
  }
}

/** Registers every tool on a server built for one request (its GraphQL runner and origin). */
export function registerPortalTools(server: McpServer, run: RunGraphql, origin: string): void {
  const context = { run, link: portalLinks(origin) };
  for (const tool of MCP_TOOLS)
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: readOnly,
      },
      (input) => answer(() => tool.answer(input, context)),
    );
}
