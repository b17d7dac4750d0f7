import { GraphQLError } from "graphql";

/** An error whose message a user may see (400). Anything else is reported as 'An error occurred'. */
export class BadInputError extends GraphQLError {
  constructor(message: string) {
    super(message, { extensions: { code: "BAD_USER_INPUT" } });
  }
}

/** A requested record that does not exist (404). */
export class NotFoundError extends GraphQLError {
  constructor(message: string) {
    super(message, { extensions: { code: "NOT_FOUND" } });
  }
}

export const GENERIC_ERROR_MESSAGE = "An error occurred";
