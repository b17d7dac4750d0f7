import { CombinedGraphQLErrors, ServerError } from "@apollo/client/errors";

/** The message the server gave (GraphQL errors or a JSON error body), else the error's own message. */
export function describeError(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    const messages = error.errors.map((item) => item.message).filter(Boolean);
    if (messages.length > 0) return messages.join("; ");
  }
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { errors?: { message?: string }[]; message?: string };
      const message = body.errors?.[0]?.message ?? body.message;
      if (message) return message;
    } catch {
      // Not JSON: fall through to the status.
    }
    return `The server answered with status ${error.statusCode}`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
