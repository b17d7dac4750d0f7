import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { siteConfig } from "../../web/src/site.config";

const root = path.resolve(__dirname, "../..");
const cff = parse(readFileSync(path.join(root, "CITATION.cff"), "utf8")) as Record<string, unknown>;
const packageJson = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  version: string;
  license: string;
};
/**
 * The Citation File Format 1.2.0 schema (schema.json of github.com/citation-file-format/citation-file-format,
 * minified), the one cffconvert validates with.
 */
const schema = JSON.parse(
  readFileSync(path.join(root, "tests/fixtures/citation-file-format-1.2.0.schema.json"), "utf8"),
) as object;

describe("CITATION.cff", () => {
  it("is valid Citation File Format 1.2.0", () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(cff) ? [] : validate.errors).toEqual([]);
    expect(validate({ ...cff, "date-released": "16 September 2025" })).toBe(false);
    expect(validate({ ...cff, titel: cff.title })).toBe(false);
  });

  it("names the portal, its version, date and licence as package.json and the site config do", () => {
    expect(cff["cff-version"]).toBe("1.2.0");
    expect(String(cff.title)).toContain(siteConfig.productName);
    expect(cff.version).toBe(packageJson.version);
    expect(siteConfig.versionLabel.startsWith(packageJson.version)).toBe(true);
    expect(cff.license).toBe(packageJson.license);
    const released = new Date(`${cff["date-released"]}T00:00:00Z`);
    const asTheSiteWritesIt = released.toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(asTheSiteWritesIt).toBe(siteConfig.lastUpdated);
  });
});
