import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./db/data-source";

/** The portal's code version (package.json), part of cache keys and of the OpenAPI document. */
export const codeVersion: string = (
  JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { version: string }
).version;
