import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  validate,
} from "graphql";
import type { OpenAPIV3 } from "openapi-types";

/**
 * JSON Schema (the OpenAPI 3.0 dialect, `nullable` included) of what a REST route answers, derived
 * from the GraphQL operation it runs: the operation is parsed and validated against the built schema,
 * each selected field is resolved to its GraphQL type, and a route's `schema` picks fields from the
 * walked operation by path (`op.at("gene.papers").f("title")`), so types, nullability and
 * descriptions come from the GraphQL types and a route only states how it renames or restructures.
 */
export type JsonSchema = OpenAPIV3.SchemaObject;

/** A selected field of a walked operation. */
export interface SelectedField {
  /** Response key (the alias, or the field name). */
  key: string;
  type: GraphQLOutputType;
  description?: string;
  /** @include / @skip may leave it out of the answer. */
  conditional: boolean;
  /** Fields selected under it (empty for scalars and enums), by response key. */
  fields: Map<string, SelectedField>;
}

const SCALARS: Record<string, JsonSchema> = {
  Int: { type: "integer" },
  Float: { type: "number" },
  String: { type: "string" },
  ID: { type: "string" },
  Boolean: { type: "boolean" },
};

/** Parse `operation`, check it against `schema` and return its selected fields as a tree. */
export function walkOperation(schema: GraphQLSchema, operation: string): Shape {
  const document = parse(operation);
  const errors = validate(schema, document);
  if (errors.length > 0) throw new Error(`Invalid operation: ${errors.map((e) => e.message).join("; ")}`);
  const fragments = new Map<string, FragmentDefinitionNode>();
  let definition: OperationDefinitionNode | undefined;
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    else if (d.kind === Kind.OPERATION_DEFINITION) definition ??= d;
  }
  if (!definition) throw new Error("No operation in the document");
  const root = definition.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
  if (!root) throw new Error(`The schema has no ${definition.operation} type`);
  const fields = new Map<string, SelectedField>();
  collect(root, definition.selectionSet, fields, fragments, false);
  return new Shape({ key: "", type: root, conditional: false, fields }, "");
}

const isConditional = (node: { directives?: readonly { name: { value: string } }[] }) =>
  (node.directives ?? []).some((d) => d.name.value === "include" || d.name.value === "skip");

function collect(
  parent: GraphQLNamedType,
  selectionSet: SelectionSetNode,
  into: Map<string, SelectedField>,
  fragments: Map<string, FragmentDefinitionNode>,
  conditional: boolean,
): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      collect(parent, selection.selectionSet, into, fragments, conditional || isConditional(selection));
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = fragments.get(selection.name.value)!;
      collect(parent, fragment.selectionSet, into, fragments, conditional || isConditional(selection));
    } else {
      addField(parent, selection, into, fragments, conditional);
    }
  }
}

function addField(
  parent: GraphQLNamedType,
  node: FieldNode,
  into: Map<string, SelectedField>,
  fragments: Map<string, FragmentDefinitionNode>,
  conditional: boolean,
): void {
  const name = node.name.value;
  const key = node.alias?.value ?? name;
  if (name === "__typename") {
    into.set(key, { key, type: SCALAR_STRING, conditional, fields: new Map() });
    return;
  }
  if (!isObjectType(parent) && !isInterfaceType(parent)) throw new Error(`${parent.name} has no fields`);
  const field: GraphQLField<unknown, unknown> = parent.getFields()[name]!;
  const existing = into.get(key);
  const selected: SelectedField = existing ?? {
    key,
    type: field.type,
    ...(field.description ? { description: field.description } : {}),
    conditional: conditional || isConditional(node),
    fields: new Map(),
  };
  // The same key selected twice (e.g. once per @include branch) is one field, conditional only if both are.
  if (existing) existing.conditional &&= conditional || isConditional(node);
  if (node.selectionSet)
    collect(getNamedType(field.type), node.selectionSet, selected.fields, fragments, false);
  into.set(key, selected);
}

/** __typename is a String!; a stand-in named type is enough for typeSchema. */
const SCALAR_STRING = { name: "String", toString: () => "String" } as unknown as GraphQLOutputType;

/** JSON Schema of a GraphQL output type with the given selection (nullable unless the type is non-null). */
export function typeSchema(type: GraphQLOutputType, fields: Map<string, SelectedField>): JsonSchema {
  if (isNonNullType(type)) return namedSchema(type.ofType, fields);
  return { ...namedSchema(type, fields), nullable: true };
}

function namedSchema(type: GraphQLOutputType, fields: Map<string, SelectedField>): JsonSchema {
  if (isListType(type)) return { type: "array", items: typeSchema(type.ofType, fields) };
  if (isEnumType(type)) return { type: "string", enum: type.getValues().map((v) => v.value as string) };
  if (isObjectType(type) || isInterfaceType(type)) return selectionSchema(fields);
  return { ...(SCALARS[(type as { name: string }).name] ?? {}) };
}

/** An object of the selected fields: all required but those @include/@skip may leave out. */
function selectionSchema(fields: Map<string, SelectedField>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, f] of fields) {
    properties[key] = fieldSchema(f);
    if (!f.conditional) required.push(key);
  }
  return { type: "object", required, properties, additionalProperties: false };
}

function fieldSchema(f: SelectedField): JsonSchema {
  const s = typeSchema(f.type, f.fields);
  return f.description ? { ...s, description: f.description } : s;
}

/**
 * A node of a walked operation. Lists are looked through: `at("genes")` on a list of genes gives the
 * shape of one gene, and `f(name)` gives the schema of one selected field under it.
 */
export class Shape {
  constructor(
    readonly field: SelectedField,
    readonly path: string,
  ) {}

  /** The node at a dot path below this one (lists are looked through). */
  at(path: string): Shape {
    let node: Shape = this;
    for (const key of path.split(".")) {
      const child = node.field.fields.get(key);
      if (!child) throw new Error(`The operation selects no '${key}' under '${node.path || "the root"}'`);
      node = new Shape(child, node.path ? `${node.path}.${key}` : key);
    }
    return node;
  }

  /** The schema of a selected field at a dot path below this node, as GraphQL answers it. */
  f(path: string): JsonSchema {
    return this.at(path).schema();
  }

  /** The same field, but never null (for values the mapping reads only after checking them). */
  nonNull(path: string): JsonSchema {
    const { nullable: _nullable, ...rest } = this.f(path);
    return rest;
  }

  /** This node's schema, as GraphQL answers it. */
  schema(): JsonSchema {
    return fieldSchema(this.field);
  }

  /** The schema of this node's item when it is a list (else of the node itself), never null. */
  item(): JsonSchema {
    const s = this.schema();
    const inner = s.type === "array" ? (s.items as JsonSchema) : s;
    const { nullable: _nullable, ...rest } = inner;
    return rest;
  }
}

// ---- helpers the routes' schemas are built from ----

export const int: JsonSchema = { type: "integer" };
export const num: JsonSchema = { type: "number" };
export const str: JsonSchema = { type: "string" };
export const bool: JsonSchema = { type: "boolean" };

/** An object with exactly these keys (all required unless listed as optional). */
export function object(properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema {
  return {
    type: "object",
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    properties,
    additionalProperties: false,
  };
}

export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: "array", items });
export const nullable = (s: JsonSchema): JsonSchema => ({ ...s, nullable: true });
export const nonNull = (s: JsonSchema): JsonSchema => {
  const { nullable: _nullable, ...rest } = s;
  return rest;
};
export const described = (s: JsonSchema, description: string): JsonSchema => ({ ...s, description });
/** A boolean as the API writes it: 'Yes' / 'No' (null when unknown); its schema is yesNoText. */
export const yesNo = (v: boolean | null | undefined) =>
  v === null || v === undefined ? null : v ? "Yes" : "No";
/** A boolean written as 'Yes' / 'No' (null when unknown). */
export const yesNoText: JsonSchema = {
  type: "string",
  enum: ["Yes", "No", null],
  nullable: true,
} as JsonSchema;
/** An object whose keys are not known in advance, with values of one schema. */
export const mapOf = (values: JsonSchema): JsonSchema => ({ type: "object", additionalProperties: values });
/** Always null (e.g. the data of a write). */
export const nullOnly: JsonSchema = { type: "object", nullable: true, enum: [null] };
