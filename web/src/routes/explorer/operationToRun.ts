import { Kind, parse } from "graphql";

/**
 * The operation to run: GraphiQL re-reads the name from the editor after a debounce, so a run right
 * after an example is loaded may carry the previous example's name. A name the document does not
 * define is replaced by the document's only operation (with several, the server says which exist).
 */
export function operationToRun(query: string, operationName: string | null | undefined): string | undefined {
  let names: string[];
  try {
    names = parse(query).definitions.flatMap((d) =>
      d.kind === Kind.OPERATION_DEFINITION ? [d.name?.value ?? ""] : [],
    );
  } catch {
    return operationName ?? undefined; // the server reports the syntax error
  }
  if (operationName && names.includes(operationName)) return operationName;
  return names.length === 1 ? names[0] || undefined : (operationName ?? undefined);
}
