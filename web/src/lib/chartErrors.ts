import { CombinedGraphQLErrors, ServerError } from "@apollo/client/errors";
import type { RequestOutcome } from "./history";

/** The server's own message of an error response, if it gave one. */
function serverMessage(error: unknown): string | null {
  if (CombinedGraphQLErrors.is(error)) {
    const messages = error.errors.map((item) => item.message).filter(Boolean);
    return messages.length > 0 ? messages.join("; ") : null;
  }
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { errors?: { message?: string }[]; message?: string };
      return body.errors?.[0]?.message ?? body.message ?? null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The brain-region page's error message (spec 2 §8): 'API returned status: {status}'
 * for a non-OK status, else the server's message, else 'Failed to fetch data'.
 */
export function brainRegionErrorMessage(error: unknown): string {
  if (ServerError.is(error) && error.statusCode >= 400) {
    return `API returned status: ${error.statusCode}`;
  }
  return serverMessage(error) ?? "Failed to fetch data";
}

/**
 * One history request's outcome: no error is ok; an answer from the server (GraphQL
 * errors or an error status) is 'failed' with its message; anything else (network) threw.
 */
export function requestOutcome(error: unknown): RequestOutcome {
  if (!error) return { kind: "ok" };
  if (CombinedGraphQLErrors.is(error) || ServerError.is(error)) {
    return { kind: "failed", message: serverMessage(error) };
  }
  return { kind: "thrown", text: error instanceof Error ? error.message : String(error) };
}
