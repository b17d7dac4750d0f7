import { CompartmentName } from "../../schema/graph.type";
import { enumName } from "../../schema/list-enums";
import { BadInputError } from "../errors";
import type { ParamSpec, Params } from "./route-table";

/** GraphQL's Int is 32 bits: every REST integer is checked against it here, never by GraphQL. */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

/**
 * A checked REST value as the GraphQL enum variable it stands for: REST documents the stored strings
 * (any case where the route says so), GraphQL takes the enum's name.
 */
export function graphqlEnum(values: Record<string, string>, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const name = enumName(values, String(value));
  if (name === undefined)
    throw new BadInputError(`${String(value)} is not one of: ${Object.values(values).join(", ")}`);
  return name;
}

/** A checked compartment parameter as the CompartmentName variable; empty or 'All' (every compartment) is null. */
export function compartmentVariable(value: unknown): string | null {
  const text = value === undefined || value === null ? "" : String(value).trim();
  return text === "" || text.toLowerCase() === "all" ? null : graphqlEnum(CompartmentName, text);
}

/** Parse and check request parameters against their specs; the first problem becomes a 400. */
export function parseParams(
  specs: ParamSpec[],
  sources: { path: Record<string, unknown>; query: Record<string, unknown>; body: Record<string, unknown> },
): Params {
  const params: Params = {};
  for (const spec of specs) {
    let raw = sources[spec.in][spec.name];
    if (Array.isArray(raw)) raw = raw[raw.length - 1];
    const text = raw === undefined || raw === null ? "" : String(raw).trim();
    const fail = (why: string): never => {
      throw new BadInputError(spec.message ?? `${spec.name} ${why}`);
    };
    if (text === "") {
      // A path segment is never optional: '/api/gene/1/tab/%20' names no tab.
      if (spec.required || spec.in === "path") fail("is required");
      params[spec.name] = spec.default;
      continue;
    }
    if (text.length > 500) throw new BadInputError(`${spec.name} is too long (500 characters at most)`);
    if (spec.type === "integer") {
      if (!/^-?\d+$/.test(text)) fail("must be a whole number");
      const n = Number(text);
      if (spec.min !== undefined && n < spec.min) fail(`must be at least ${spec.min}`);
      if (spec.max !== undefined && n > spec.max) fail(`must be at most ${spec.max}`);
      if (n > INT32_MAX) fail(`is out of range (at most ${INT32_MAX})`);
      if (n < INT32_MIN) fail(`is out of range (at least ${INT32_MIN})`);
      params[spec.name] = n;
    } else if (spec.type === "boolean") {
      if (!/^(true|false|1|0)$/i.test(text)) fail("must be true or false");
      params[spec.name] = /^(true|1)$/i.test(text);
    } else {
      const allowed = spec.anyCase ? spec.enum?.map((v) => v.toLowerCase()) : spec.enum;
      if (allowed && !allowed.includes(spec.anyCase ? text.toLowerCase() : text))
        fail(`must be one of: ${spec.enum!.join(", ")}`);
      if (spec.pattern && !new RegExp(spec.pattern).test(text)) fail(`must match ${spec.pattern}`);
      params[spec.name] = text;
    }
  }
  return params;
}
