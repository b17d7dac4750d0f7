// biome-ignore lint/suspicious/noExplicitAny: OpenAPI schemas are walked generically
export type Json = any;

/** OpenAPI 3.0 schema → JSON Schema for ajv: $ref inlined, `nullable: true` becomes "or null". */
export function toJsonSchema(schema: Json, document: Json): Json {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, document));
  if (schema === null || typeof schema !== "object") return schema;
  if (typeof schema.$ref === "string") {
    const target = schema.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce((node: Json, key: string) => node[key], document);
    return toJsonSchema(target, document);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "nullable" || key === "example" || key.startsWith("x-")) continue;
    if (key === "properties")
      out.properties = Object.fromEntries(
        Object.entries(value as Json).map(([name, s]) => [name, toJsonSchema(s, document)]),
      );
    else if (["items", "additionalProperties", "anyOf", "oneOf", "allOf", "not"].includes(key))
      out[key] = typeof value === "boolean" ? value : toJsonSchema(value, document);
    else out[key] = value;
  }
  return schema.nullable === true ? { anyOf: [out, { type: "null" }] } : out;
}
