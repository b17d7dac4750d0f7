import { createHash } from "node:crypto";
import { pipeline, Readable, Transform } from "node:stream";
import { finished } from "node:stream/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { OpenAPIV3 } from "openapi-types";
import { ZipFile } from "yazl";
import { CSV_COLUMN_DOCS } from "../csv/column-docs";
import { csvFileName } from "../csv/csv-writer";
import { requestOrigin } from "../http/origin";
import type { DataPackageStatsService, ResourceStats } from "../services/data-package-stats";
import { type ExportDefinition, exportDefinitions } from "../services/export.service";
import { sendError } from "./envelope";

/**
 * The bulk CSV downloads as a Frictionless Data Package (https://specs.frictionlessdata.io): one
 * descriptor per release naming every CSV with its Table Schema (types, descriptions, units, keys),
 * its sha256 and its size, and one zip holding the descriptor and every file.
 */

/** The release a package describes (the GraphQL datasetRelease). */
export interface PackageRelease {
  name: string;
  version: string;
  built: string | null;
  hasSyntheticData: boolean;
}

/** The CSV a path serves, as a stream, with its data rows counted as they pass. */
export interface CsvStream {
  stream: Readable;
  rows: () => number;
}

export type ExportCsv = (name: string) => Promise<CsvStream>;

/** The release a package describes. */
export const DATA_PACKAGE_RELEASE_OPERATION = `query DataPackageRelease {
  datasetRelease { name version built hasSyntheticData }
}`;

export const DATA_PACKAGE_PATH = "/api/datapackage.json";
export const DATA_ARCHIVE_PATH = "/api/datapackage.zip";
const PINNED_PACKAGE_PATH = "/api/releases/:version/datapackage.json";
const PINNED_ARCHIVE_PATH = "/api/releases/:version/datapackage.zip";

/** Where a file sits inside the archive (relative to its datapackage.json). */
const archivePath = (name: string) => `data/${name}.csv`;

/**
 * Each header that names a row of another file: the file and its key column. A file is never checked
 * against itself except where the reference is a parent (resource "" in Table Schema).
 */
const REFERENCES: Record<string, { resource: string; field: string }> = {
  "Gene ID": { resource: "genes", field: "Gene ID" },
  PMID: { resource: "papers", field: "PMID" },
  HDOID: { resource: "diseases", field: "HDOID" },
  "Mutation ID": { resource: "mutations", field: "ID" },
  "Brain Region ID": { resource: "brain-regions", field: "ID" },
  "Parent ID": { resource: "brain-regions", field: "ID" },
  "Localisation ID": { resource: "localisations", field: "ID" },
  "Method ID": { resource: "methods", field: "ID" },
  "Species TaxID": { resource: "species", field: "TaxID" },
  TaxID: { resource: "species", field: "TaxID" },
};

/** Units (column-docs.ts) whose values are whole numbers. */
const INTEGER_UNITS = new Set(["integer", "count", "year", "base pairs (1-based)"]);

type Field = {
  name: string;
  type: "string" | "integer" | "boolean";
  description: string;
  unit?: string;
  trueValues?: string[];
  falseValues?: string[];
};

function fieldOf(column: ExportDefinition["columns"][number]): Field {
  const doc = CSV_COLUMN_DOCS[column.header];
  const base = { name: column.header, description: doc?.meaning ?? "" };
  if (column.yesNo) return { ...base, type: "boolean", trueValues: ["Yes"], falseValues: ["No"] };
  // A COUNT(...) column is a count whatever its header means elsewhere (e.g. "Genes").
  const counted = /^\(?\s*(SELECT\s+)?COUNT\(/i.test(column.sql);
  const integer = counted || (doc?.unit !== undefined && INTEGER_UNITS.has(doc.unit));
  return {
    ...base,
    type: integer ? "integer" : "string",
    ...(counted ? { unit: "count" } : doc?.unit ? { unit: doc.unit } : {}),
  };
}

/** The Table Schema of one export: its fields, its key where the key columns are written, its references. */
export function tableSchema(definition: ExportDefinition) {
  const headerOfSql = new Map(definition.columns.map((c) => [c.sql, c.header]));
  const keyHeaders = definition.keys.map((k) => headerOfSql.get(k.sql));
  const primaryKey = keyHeaders.every((h) => h !== undefined) ? (keyHeaders as string[]) : undefined;
  const foreignKeys = definition.columns.flatMap((column) => {
    const target = REFERENCES[column.header];
    if (!target) return [];
    const self = target.resource === definition.name;
    // A file's own key is no reference, but a parent pointing into the same file is.
    if (self && column.header !== "Parent ID") return [];
    return [
      {
        fields: column.header,
        reference: { resource: self ? "" : target.resource, fields: target.field },
      },
    ];
  });
  return {
    fields: definition.columns.map(fieldOf),
    missingValues: [""],
    ...(primaryKey ? { primaryKey } : {}),
    ...(foreignKeys.length > 0 ? { foreignKeys } : {}),
  };
}

/**
 * The descriptor: with `baseUrl`, each path is the CSV path's absolute URL (the served descriptor);
 * without, the file's place in the archive.
 */
export function dataPackageDescriptor(
  release: PackageRelease,
  stats: Map<string, ResourceStats>,
  baseUrl: string | null,
) {
  return {
    profile: "tabular-data-package",
    name: release.name.toLowerCase().replace(/[^a-z0-9._-]+/g, "-"),
    title: "Synapse proteomics and synaptopathy portal: bulk data",
    description: `Every table and relationship of the portal as CSV, release ${release.version}${release.built ? ` (built ${release.built})` : ""}.${release.hasSyntheticData ? " Parts of this release are synthetic sample data: the rows and studies concerned are labelled in the 'Synthetic sample row' and 'Synthetic sample study' columns, and the discovery years in 'Discovery Year Synthetic'." : ""} Cells that a spreadsheet would run as a formula (starting with =, +, -, @) are written with a leading apostrophe.`,
    version: release.version,
    ...(baseUrl ? { homepage: `${baseUrl}/data` } : {}),
    resources: exportDefinitions.map((definition) => {
      const measured = stats.get(definition.name);
      return {
        name: definition.name,
        path: baseUrl ? `${baseUrl}/api/${definition.name}` : archivePath(definition.name),
        profile: "tabular-data-resource",
        title: definition.name,
        description: definition.summary,
        format: "csv",
        mediatype: "text/csv",
        encoding: "utf-8",
        dialect: { delimiter: ",", lineTerminator: "\n", header: true, quoteChar: '"', doubleQuote: true },
        ...(measured ? { hash: `sha256:${measured.hash}`, bytes: measured.bytes, rows: measured.rows } : {}),
        schema: tableSchema(definition),
      };
    }),
  };
}

/**
 * The stream's bytes passed on unchanged, measured as they pass: `measured` gets their sha256, their
 * count and the CSV's data rows once the last byte has gone through.
 */
function measuring(csv: CsvStream, measured: (stats: ResourceStats) => void): Readable {
  const hash = createHash("sha256");
  let bytes = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      hash.update(chunk);
      bytes += chunk.length;
      next(null, chunk);
    },
    flush(next) {
      measured({ hash: hash.digest("hex"), bytes, rows: csv.rows() });
      next();
    },
  });
  // pipeline, not pipe: a read that fails (the database went away) fails the measured stream too.
  pipeline(csv.stream, measure, () => undefined);
  return measure;
}

/** Where the files' measurements are kept with the release. */
type StoredPackageStats = Pick<DataPackageStatsService, "read" | "write">;

interface DataPackageSources {
  /** The CSV of an export, exactly as its path serves it. */
  exportCsv: ExportCsv;
  /** The loaded release and its key (version and load time): the stats are measured once per key. */
  release: () => Promise<{ key: string; release: PackageRelease } | null>;
  stored: StoredPackageStats;
}

/**
 * Measures every file once per release, in the database: what another gateway (or this one, before a
 * restart) stored is read, and only a release without it is measured, then stored. Concurrent first
 * requests share the one read or measurement.
 */
export class DataPackageStats {
  private measured: { key: string; stats: Promise<Map<string, ResourceStats>> } | null = null;

  constructor(
    private readonly exportCsv: ExportCsv,
    private readonly stored: StoredPackageStats,
  ) {}

  /**
   * A measurement taken elsewhere of release `key` (an archive that wrote every file): kept, and stored
   * with the release, unless this release's is already read or being measured.
   */
  offer(key: string, stats: Map<string, ResourceStats>): void {
    if (this.measured?.key === key) return;
    this.measured = { key, stats: Promise.resolve(stats) };
    this.stored.write(key, stats).catch(() => undefined);
  }

  get(key: string): Promise<Map<string, ResourceStats>> {
    if (this.measured?.key !== key) {
      const stats = this.readOrMeasure(key);
      this.measured = { key, stats };
      // A failed measurement (the database went away) is tried again by the next request.
      stats.catch(() => {
        if (this.measured?.stats === stats) this.measured = null;
      });
    }
    return this.measured.stats;
  }

  private async readOrMeasure(key: string): Promise<Map<string, ResourceStats>> {
    const stored = await this.stored.read(key);
    if (stored) return stored;
    const measured = await this.measureAll();
    // A write that fails (the database busy) costs a measurement by the next gateway, nothing more.
    await this.stored.write(key, measured).catch(() => undefined);
    return measured;
  }

  /** One file after the other: a full pass reads every table once, never several at a time. */
  private async measureAll(): Promise<Map<string, ResourceStats>> {
    const stats = new Map<string, ResourceStats>();
    for (const definition of exportDefinitions) {
      const csv = await this.exportCsv(definition.name);
      // Read to the end; only the measurement is kept.
      await finished(measuring(csv, (measured) => stats.set(definition.name, measured)).resume());
    }
    return stats;
  }
}

/** The descriptor and archive paths, current and release-pinned. */
export function registerDataPackageRoutes(app: FastifyInstance, sources: DataPackageSources): void {
  const stats = new DataPackageStats(sources.exportCsv, sources.stored);

  /** The loaded release, or a 404 when a pinned path names another one. */
  const releaseFor = async (request: FastifyRequest, reply: FastifyReply) => {
    const loaded = await sources.release();
    if (!loaded) {
      sendError(reply, 503, "No dataset release is loaded");
      return null;
    }
    const pinned = (request.params as { version?: string }).version;
    if (pinned !== undefined && pinned !== loaded.release.version) {
      sendError(
        reply,
        404,
        `Release ${pinned} is not served here: the portal serves release ${loaded.release.version}`,
      );
      return null;
    }
    return loaded;
  };

  const sendDescriptor = async (request: FastifyRequest, reply: FastifyReply) => {
    const found = await releaseFor(request, reply);
    if (!found) return reply;
    const measured = await stats.get(found.key);
    const descriptor = dataPackageDescriptor(found.release, measured, requestOrigin(request));
    // Sent as text: the descriptor names this origin, so it must not enter the shared JSON answer cache.
    return reply.type("application/json; charset=utf-8").send(JSON.stringify(descriptor, null, 2));
  };

  const sendArchive = async (request: FastifyRequest, reply: FastifyReply) => {
    const found = await releaseFor(request, reply);
    if (!found) return reply;
    const zip = new ZipFile();
    // Each file is read from the database only when the archive reaches it, and measured as it is
    // written; a client that leaves stops the file being read. The archive starts at once: it does not
    // wait for a measurement of the release.
    let reading: Readable | null = null;
    const measured = new Map<string, ResourceStats>();
    for (const definition of exportDefinitions) {
      zip.addReadStreamLazy(archivePath(definition.name), (done) => {
        sources.exportCsv(definition.name).then(
          (csv) => {
            reading = csv.stream;
            done(
              null,
              measuring(csv, (stats) => measured.set(definition.name, stats)),
            );
          },
          (error: unknown) => done(error, undefined as unknown as Readable),
        );
      });
    }
    // The descriptor comes last (zip readers find entries by name): by then every file has been written,
    // and its hashes are those of the bytes just sent. They are kept as the release's measurement,
    // unless the release was switched while the files were read.
    zip.addReadStreamLazy("datapackage.json", (done) => {
      const descriptor = dataPackageDescriptor(found.release, measured, null);
      const send = () => done(null, Readable.from([Buffer.from(JSON.stringify(descriptor, null, 2))]));
      // Kept before the last entry is sent: a descriptor asked for after the archive finds it.
      sources.release().then((now) => {
        if (now?.key === found.key) stats.offer(found.key, measured);
        send();
      }, send);
    });
    const output = zip.outputStream as Readable;
    zip.on("error", (error: Error) => {
      request.log.warn({ err: error }, "data package archive failed");
      output.destroy(error);
    });
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished) (reading as Readable | null)?.destroy();
    });
    zip.end();
    const fileName = csvFileName(["synaptopathy-data-package"], found.release.version).replace(
      /\.csv$/,
      ".zip",
    );
    return reply
      .type("application/zip")
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .send(output);
  };

  app.get(DATA_PACKAGE_PATH, sendDescriptor);
  app.get(PINNED_PACKAGE_PATH, sendDescriptor);
  app.get(DATA_ARCHIVE_PATH, sendArchive);
  app.get(PINNED_ARCHIVE_PATH, sendArchive);
}

const packageSummary =
  "Frictionless Data Package descriptor of every bulk CSV (Table Schema with types, descriptions, units, primary and foreign keys; sha256 hash, bytes and rows of each file).";
const archiveSummary = "Zip archive of datapackage.json and every bulk CSV (paths data/<name>.csv).";

const versionParameter: OpenAPIV3.ParameterObject = {
  name: "version",
  in: "path",
  required: true,
  description: "Dataset release version (e.g. 0.1.0); 404 unless it is the release served.",
  schema: { type: "string" },
};

/** An object schema with every property listed: required unless named in `optional`. */
const strict = (
  properties: Record<string, OpenAPIV3.SchemaObject>,
  optional: string[] = [],
): OpenAPIV3.SchemaObject => ({
  type: "object",
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
  properties,
  additionalProperties: false,
});
const text: OpenAPIV3.SchemaObject = { type: "string" };
const texts: OpenAPIV3.SchemaObject = { type: "array", items: text };
const integer: OpenAPIV3.SchemaObject = { type: "integer" };

/** The descriptor as dataPackageDescriptor writes it (a Frictionless tabular data package). */
const descriptorSchema = strict(
  {
    profile: { type: "string", enum: ["tabular-data-package"] },
    name: text,
    title: text,
    description: text,
    version: text,
    homepage: text,
    resources: {
      type: "array",
      items: strict({
        name: text,
        path: { ...text, description: "The CSV path's absolute URL." },
        profile: { type: "string", enum: ["tabular-data-resource"] },
        title: text,
        description: text,
        format: { type: "string", enum: ["csv"] },
        mediatype: { type: "string", enum: ["text/csv"] },
        encoding: { type: "string", enum: ["utf-8"] },
        dialect: strict({
          delimiter: text,
          lineTerminator: text,
          header: { type: "boolean" },
          quoteChar: text,
          doubleQuote: { type: "boolean" },
        }),
        hash: { ...text, pattern: "^sha256:[0-9a-f]{64}$", description: "sha256 of the file as served." },
        bytes: { ...integer, description: "Size of the file as served (uncompressed)." },
        rows: { ...integer, description: "Data rows of the file (the header row not counted)." },
        schema: strict(
          {
            fields: {
              type: "array",
              items: strict(
                {
                  name: text,
                  type: { type: "string", enum: ["string", "integer", "boolean"] },
                  description: text,
                  unit: text,
                  trueValues: texts,
                  falseValues: texts,
                },
                ["unit", "trueValues", "falseValues"],
              ),
            },
            missingValues: texts,
            primaryKey: texts,
            foreignKeys: {
              type: "array",
              items: strict({
                fields: text,
                reference: strict({
                  resource: { ...text, description: "Another resource's name; empty for this one." },
                  fields: text,
                }),
              }),
            },
          },
          ["primaryKey", "foreignKeys"],
        ),
      }),
    },
  },
  ["homepage"],
);

function packagePaths(pinned: boolean): OpenAPIV3.PathsObject {
  const error = (description: string): OpenAPIV3.ResponseObject => ({
    description,
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  });
  const errors: OpenAPIV3.ResponsesObject = {
    ...(pinned ? { "404": error("Another release than the one served.") } : {}),
    "500": error("'An error occurred' (no internals are disclosed)."),
    "503": error("The database is unreachable or the dataset is being loaded."),
  };
  const parameters = pinned ? [versionParameter] : [];
  const suffix = pinned ? " (pinned to one release)" : "";
  return {
    [pinned ? "/api/releases/{version}/datapackage.json" : DATA_PACKAGE_PATH]: {
      get: {
        operationId: pinned ? "getApiReleasesVersionDatapackageJson" : "getApiDatapackageJson",
        summary: packageSummary + suffix,
        tags: ["Data package"],
        parameters,
        responses: {
          "200": {
            description: "The descriptor (Data Package profile tabular-data-package).",
            content: { "application/json": { schema: descriptorSchema } },
          },
          "304": { description: "Not modified: If-None-Match matched the ETag." },
          ...errors,
        },
      },
    },
    [pinned ? "/api/releases/{version}/datapackage.zip" : DATA_ARCHIVE_PATH]: {
      get: {
        operationId: pinned ? "getApiReleasesVersionDatapackageZip" : "getApiDatapackageZip",
        summary: archiveSummary + suffix,
        tags: ["Data package"],
        parameters,
        responses: {
          "200": {
            description: "A zip file (Content-Disposition names it, with the dataset version).",
            content: { "application/zip": { schema: { type: "string", format: "binary" } } },
          },
          "304": { description: "Not modified: If-None-Match matched the ETag." },
          ...errors,
        },
      },
    },
  };
}

export const dataPackageOpenApiPaths = (): OpenAPIV3.PathsObject => ({
  ...packagePaths(false),
  ...packagePaths(true),
});
