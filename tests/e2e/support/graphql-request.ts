import type { Request, Response } from "@playwright/test";

/** A GraphQL operation as the web client sent it. */
export interface SentOperation {
  operationName?: string;
  variables?: Record<string, unknown>;
}

/**
 * The operation a request to /graphql carries: reads go by GET with the query's hash (automatic
 * persisted queries, variables in the address), and by POST when the server asks for the text once;
 * writes go by POST. Null for any other request.
 */
export function sentOperation(request: Request): SentOperation | null {
  const url = new URL(request.url());
  if (url.pathname !== "/graphql") return null;
  if (request.method() === "GET") {
    const variables = url.searchParams.get("variables");
    return {
      operationName: url.searchParams.get("operationName") ?? undefined,
      variables: variables ? (JSON.parse(variables) as Record<string, unknown>) : undefined,
    };
  }
  return (request.postDataJSON() as SentOperation | null) ?? null;
}

/** True for the answer of that operation that carries data (not a persisted-query miss). */
export async function isAnswerOf(response: Response, operationName: string): Promise<boolean> {
  if (sentOperation(response.request())?.operationName !== operationName) return false;
  const body = (await response.json().catch(() => null)) as { data?: unknown } | null;
  return body?.data != null;
}
