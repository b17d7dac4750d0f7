import { CombinedGraphQLErrors } from "@apollo/client/errors";

/**
 * The reason shown under a failed load (spec 1 §8): the server's own message when it gave
 * one (GraphQL errors), the screen's fallback when the response was not ok (HTTP error),
 * else 'Error: {message}' (network and other failures).
 */
export function loadErrorText(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    const messages = error.errors.map((item) => item.message).filter(Boolean);
    return messages.length > 0 ? messages.join("; ") : fallback;
  }
  if (error instanceof Error && error.name !== "ServerError" && error.message)
    return `Error: ${error.message}`;
  return fallback;
}
