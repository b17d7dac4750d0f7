import type { ApolloServerPlugin } from "@apollo/server";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import {
  type ASTNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  GraphQLIncludeDirective,
  type GraphQLObjectType,
  type GraphQLSchema,
  GraphQLSkipDirective,
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  getNullableType,
  getVariableValues,
  isAbstractType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  visit,
} from "graphql";
import type { ReleaseSizes } from "../services/release-size.service";
import { FAN_OUT, type FanOut } from "./fan-out";

/**
 * Limits a public API needs; an over-limit query is refused before any resolver runs (no SQL).
 *
 * The answer and work limits are calibrated on the bundled release (bench/results/graphql-cost.md):
 * an answer costs about BYTES_PER_VALUE bytes per leaf value and BYTES_PER_OBJECT per object, and
 * resolving a row or a value took 2.6 µs on a quiet 2-core machine (9 MB, 2.5 s for the query)
 * and 9–19 µs with five builds sharing it. maxWork = 100,000 rows and values is about 0.3 s quiet and
 * 1–2 s loaded; maxAnswerBytes = 3 MB is "a few MB".
 */
export const QUERY_LIMITS = {
  // The walk chapter → diseases → genes → papers → other genes (→ their disease counts) is 14
  // fields deep with connections (a connection and its edges/nodes are two levels). Depth no longer has
  // to bound the answer: the cost model below does, from the page sizes and the release's fan-out.
  maxDepth: 14,
  maxAliases: 15,
  maxAnswerBytes: 3_000_000,
  maxWork: 100_000,
} as const;

/** Measured: 9.02 MB for 488k one-field objects, 1.87 MB for 8,087 genes of 13 fields (18 B a value). */
export const BYTES_PER_VALUE = 18;
export const BYTES_PER_OBJECT = 2;

// Report through the validation context (a normal 400 validation error) instead of throwing.
const report = {
  exposeLimits: true,
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) =>
      context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, ""))),
  ],
};

export const limitValidationRules: ValidationRule[] = [
  maxDepthRule({
    n: QUERY_LIMITS.maxDepth,
    ignoreIntrospection: true,
    ...report,
  }) as unknown as ValidationRule,
  maxAliasesRule({ n: QUERY_LIMITS.maxAliases, ...report }) as unknown as ValidationRule,
];

/** One list field of the query as estimated: the place a refusal names. */
interface ListEstimate {
  coordinate: string;
  /** The response path to it, aliases resolved to field names (`diseaseTableAll.allGenes`). */
  path: string[];
  rows: number;
  pageWith: string | undefined;
  /** The list fields above it, outermost first. */
  above: ListEstimate[];
}

export interface QueryEstimate {
  /** Objects in the answer. */
  objects: number;
  /** Leaf values in the answer (a scalar list counts each of its values). */
  values: number;
  bytes: number;
  /** Rows and values resolved: what the time of a query follows. */
  work: number;
  lists: ListEstimate[];
}

interface Frame {
  /** `Type.field` of the field. */
  coordinate: string;
  field: FieldNode;
  args: Record<string, unknown>;
}

/** The `pageSize` of the nearest field above that has one (a connection's page). */
function nearestArg(frames: Frame[], name: string): { frame: Frame; value: number } | null {
  for (let i = frames.length - 1; i >= 0; i--) {
    const value = frames[i]!.args[name];
    if (typeof value === "number") return { frame: frames[i]!, value: Math.max(0, value) };
  }
  return null;
}

/** The rows a list field returns under `parents` parent rows. */
function listRows(fanOut: FanOut | undefined, parents: number, frames: Frame[], sizes: ReleaseSizes): number {
  if (!fanOut) return parents * sizes.largestTable;
  if ("relation" in fanOut) return sizes.relations[fanOut.relation].rowsFor(parents);
  if ("table" in fanOut) return parents * sizes.tables[fanOut.table];
  if ("atMost" in fanOut) return parents * fanOut.atMost;
  if ("computed" in fanOut) return parents;
  if ("pageOf" in fanOut) {
    const page = nearestArg(frames, "pageSize");
    if (!page) return parents * sizes.largestTable;
    const bound = fanOut.pageOf[page.frame.coordinate];
    if (!bound) return parents * page.value;
    if ("relation" in bound) return sizes.relations[bound.relation].rowsFor(parents, page.value);
    return parents * Math.min(page.value, sizes.tables[bound.table]);
  }
  const arg = nearestArg(frames, fanOut.arg);
  return arg ? parents * arg.value : parents * sizes.largestTable;
}

/**
 * The answer size and work of an operation, estimated from the release's sizes before it runs:
 * every list multiplies the rows below it by its fan-out (FAN_OUT); fragments are expanded where they
 * are spread and aliases count once each, so neither can hide a multiplication.
 */
export function estimateQuery(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  sizes: ReleaseSizes,
): QueryEstimate {
  const estimate: QueryEstimate = { objects: 0, values: 0, bytes: 0, work: 0, lists: [] };
  const included = (node: FieldNode | SelectionSetNode["selections"][number]) =>
    getDirectiveValues(GraphQLSkipDirective, node, variables)?.if !== true &&
    getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;

  const walk = (
    selectionSet: SelectionSetNode,
    parentType: GraphQLObjectType,
    rows: number,
    frames: Frame[],
    path: string[],
    above: ListEstimate[],
  ): void => {
    for (const selection of selectionSet.selections) {
      if (!included(selection)) continue;
      if (selection.kind === Kind.INLINE_FRAGMENT || selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment =
          selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
        if (!fragment) continue;
        const condition = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : null;
        walk(
          fragment.selectionSet,
          isObjectType(condition) ? condition : parentType,
          rows,
          frames,
          path,
          above,
        );
        continue;
      }
      const name = selection.name.value;
      if (name.startsWith("__")) {
        estimate.values += rows; // __typename; introspection is bounded by the schema itself
        continue;
      }
      const field = parentType.getFields()[name];
      if (!field) continue; // validation reports it
      const args = getArgumentValues(field, selection, variables);
      const nullable = getNullableType(field.type);
      const coordinate = `${parentType.name}.${name}`;
      const here = [...path, name];
      let count = rows;
      let lists = above;
      if (isListType(nullable)) {
        const fanOut = FAN_OUT[coordinate];
        count = listRows(fanOut, rows, [...frames, { coordinate, field: selection, args }], sizes);
        const list: ListEstimate = {
          coordinate,
          path: here,
          rows: count,
          pageWith: fanOut?.pageWith,
          above,
        };
        estimate.lists.push(list);
        lists = [...above, list];
      }
      const named = getNamedType(field.type);
      if (!selection.selectionSet) {
        estimate.values += count;
        continue;
      }
      estimate.objects += count;
      const childType = isObjectType(named)
        ? named
        : isAbstractType(named)
          ? (schema.getPossibleTypes(named)[0] ?? null)
          : null;
      if (childType)
        walk(
          selection.selectionSet,
          childType,
          count,
          [...frames, { coordinate, field: selection, args }],
          here,
          lists,
        );
    }
  };
  const root = schema.getRootType(operation.operation);
  if (root) walk(operation.selectionSet, root, 1, [], [], []);
  estimate.bytes = estimate.values * BYTES_PER_VALUE + estimate.objects * BYTES_PER_OBJECT;
  estimate.work = estimate.values + estimate.objects;
  return estimate;
}

const about = (n: number) =>
  n >= 1_000_000
    ? `${(n / 1_000_000).toFixed(1)} million`
    : n >= 10_000
      ? `${Math.round(n / 1000)},000`
      : n.toLocaleString("en-US");

/** Why an estimate is over the limits, naming the list to page; null when it is within them. */
export function refusal(estimate: QueryEstimate): string | null {
  const tooLarge = estimate.bytes > QUERY_LIMITS.maxAnswerBytes;
  const tooSlow = estimate.work > QUERY_LIMITS.maxWork;
  if (!tooLarge && !tooSlow) return null;
  const limit = tooLarge
    ? `an answer of about ${(estimate.bytes / 1_000_000).toFixed(1)} MB (the limit is ${QUERY_LIMITS.maxAnswerBytes / 1_000_000} MB)`
    : `about ${about(estimate.work)} rows and values to resolve (the limit is ${about(QUERY_LIMITS.maxWork)})`;
  const largest = [...estimate.lists].sort((a, b) => b.rows - a.rows)[0];
  if (!largest) return `Query is too expensive: ${limit}. Ask for fewer fields.`;
  const where = largest.path.length > 1 ? ` under ${largest.path.slice(0, -1).join(".")}` : "";
  // The nearest list that has a paged form, from this one outwards.
  const pageable = [largest, ...[...largest.above].reverse()].find((l) => l.pageWith);
  const advice = pageable
    ? `page ${pageable === largest ? "it" : pageable.coordinate} with ${pageable.pageWith}`
    : "ask for a smaller page or fewer nested lists";
  return `Query is too expensive: ${largest.coordinate}${where} would return about ${about(largest.rows)} rows, ${limit}; ${advice}.`;
}

/** The arguments an estimate reads (listRows): a list's size argument, and the page size of a connection. */
const SIZING_ARGUMENTS = new Set([
  "pageSize",
  ...Object.values(FAN_OUT).flatMap((fanOut) => ("arg" in fanOut ? [fanOut.arg] : [])),
]);

/**
 * The variables an operation's estimate depends on: those inside a sizing argument or an @skip/@include.
 * Any other (an id, a search term) changes what is read, not how much.
 */
function sizingVariables(document: DocumentNode): string[] {
  const names = new Set<string>();
  const collect = (node: ASTNode) =>
    visit(node, {
      Variable(variable) {
        names.add(variable.name.value);
      },
    });
  visit(document, {
    Argument(argument) {
      if (SIZING_ARGUMENTS.has(argument.name.value)) collect(argument.value);
    },
    Directive(directive) {
      if (directive.name.value === "skip" || directive.name.value === "include") collect(directive);
    },
  });
  return [...names].sort();
}

/**
 * Refusals already decided, per document (Apollo's document store hands the same one back for the same
 * text), operation, release sizes and sizing variables: a page asks the same document for one id after
 * another, and walking it was a sixteenth of the disease page's CPU. At most MAX_DECIDED per document.
 */
class RefusalMemo {
  private static readonly MAX_DECIDED = 256;
  private readonly byDocument = new WeakMap<
    DocumentNode,
    { sizing: string[]; sizes: ReleaseSizes; decided: Map<string, string | null> }
  >();

  decide(
    document: DocumentNode,
    operation: OperationDefinitionNode,
    variables: Record<string, unknown>,
    sizes: ReleaseSizes,
    estimate: () => string | null,
  ): string | null {
    let memo = this.byDocument.get(document);
    if (!memo || memo.sizes !== sizes) {
      memo = { sizing: memo?.sizing ?? sizingVariables(document), sizes, decided: new Map() };
      this.byDocument.set(document, memo);
    }
    const key = JSON.stringify([operation.name?.value ?? "", ...memo.sizing.map((name) => variables[name])]);
    if (memo.decided.has(key)) return memo.decided.get(key)!;
    const message = estimate();
    if (memo.decided.size >= RefusalMemo.MAX_DECIDED) memo.decided.clear();
    memo.decided.set(key, message);
    return message;
  }
}

/** Refuses an operation whose estimate is over the limits, before execution (no resolver, no SQL). */
export function costLimitPlugin(
  schema: GraphQLSchema,
  sizes: () => Promise<ReleaseSizes>,
): ApolloServerPlugin {
  const refusals = new RefusalMemo();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation, contextValue }) {
          if (!operation || (contextValue as { serverOperation?: boolean }).serverOperation) return;
          // Schema introspection is public and bounded by the schema itself: tools must always be able to read it.
          const fields = operation.selectionSet.selections;
          if (
            fields.length > 0 &&
            fields.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith("__"))
          )
            return;
          const coerced = getVariableValues(
            schema,
            operation.variableDefinitions ?? [],
            request.variables ?? {},
          );
          if (coerced.errors) {
            // Variables that do not fit their types: the client's mistake (400), found here before execution.
            throw new GraphQLError(coerced.errors[0]!.message, {
              extensions: { code: "BAD_USER_INPUT", http: { status: 400 } },
            });
          }
          const releaseSizes = await sizes();
          const message = refusals.decide(document, operation, coerced.coerced, releaseSizes, () => {
            const fragments: Record<string, FragmentDefinitionNode> = {};
            for (const d of document.definitions)
              if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
            return refusal(estimateQuery(schema, operation, fragments, coerced.coerced, releaseSizes));
          });
          if (message) {
            throw new GraphQLError(message, {
              extensions: { code: "QUERY_TOO_EXPENSIVE", http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
