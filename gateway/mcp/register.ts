import type { ApolloServer } from "@apollo/server";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GENERIC_ERROR_MESSAGE } from "../errors";
import { createContext, type PortalContext } from "../graphql/context";
import { requestOrigin } from "../http/origin";
import { markDatabaseUnavailable } from "../http/resilience";
import { ANALYZE_BODY_LIMIT } from "../rest/analysis.routes";
import type { Services } from "../services";
import { codeVersion } from "../version";
import { registerPortalTools } from "./tools";
import type { RunGraphql } from "./tools/tool";

export const MCP_PATH = "/mcp";

/**
 * The Model Context Protocol endpoint for research assistants: Streamable HTTP, stateless (a server
 * and transport per POST, no sessions), read-only. Each tool call runs the portal's GraphQL operations
 * through Apollo's own pipeline, so the depth, alias and cost limits of /graphql apply, and the
 * context is the one /graphql builds (its write limiter included).
 */
export function registerMcp(
  app: FastifyInstance,
  apollo: ApolloServer<PortalContext>,
  services: Services,
  guardWrite: (request: FastifyRequest) => () => Promise<void>,
): void {
  const runFor =
    (request: FastifyRequest): RunGraphql =>
    async (operation, variables) => {
      const response = await apollo.executeOperation(
        { query: operation, variables },
        {
          contextValue: createContext(services, guardWrite(request), () => markDatabaseUnavailable(request)),
        },
      );
      if (response.body.kind !== "single") throw new Error(GENERIC_ERROR_MESSAGE);
      const { data, errors } = response.body.singleResult;
      // Messages were already made client-safe by the server's formatError.
      if (errors && errors.length > 0) throw new Error(errors[0]!.message);
      return data ?? {};
    };

  /** Helmet's headers were set on Fastify's reply; a hijacked answer writes the raw one. */
  const hijack = (reply: FastifyReply) => {
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value as string | string[]);
    reply.hijack();
  };

  app.post(MCP_PATH, { bodyLimit: ANALYZE_BODY_LIMIT }, async (request, reply) => {
    // The answer is written past Fastify (hijacked), so the API counter's onSend hook never sees it.
    services.stats.countCall(`POST ${MCP_PATH}`);
    const server = new McpServer(
      {
        name: "synaptopathy-portal",
        title: "Synapse proteomics and synaptopathy portal",
        version: codeVersion,
      },
      {
        instructions:
          "Read-only tools over a synapse proteomics and synaptopathy database: genes reported in synapse proteomic studies, their diseases, mutations, compartments and brain regions. Parts of the sample release are synthetic and labelled (synthetic: true). Every answer links to the portal page showing the same facts.",
      },
    );
    registerPortalTools(server, runFor(request), requestOrigin(request));
    // JSON answers rather than an SSE stream: every tool answers once, without progress messages.
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    hijack(reply);
    reply.raw.once("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  // Stateless: no server-to-client stream (GET) and no session to end (DELETE).
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header("allow", "POST")
      .send({
        jsonrpc: "2.0",
        error: { code: -32000, message: "Method not allowed: POST JSON-RPC messages to /mcp" },
        id: null,
      });
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);
}
