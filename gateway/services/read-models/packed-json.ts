import { deflateRawSync, inflateRawSync } from "node:zlib";

/** How a document read model stores its value: deflate-raw of its JSON (gene and release documents). */
export const packJson = (value: unknown): Buffer => deflateRawSync(JSON.stringify(value));

export const unpackJson = <T>(body: Buffer): T => JSON.parse(inflateRawSync(body).toString("utf8")) as T;
