/** The parts of the `datapackage` library (frictionless-js, no bundled types) the tests use. */
declare module "datapackage" {
  export class Resource {
    name: string;
    valid: boolean;
    errors: Error[];
    tabular: boolean;
    read(options?: { keyed?: boolean; cast?: boolean; relations?: boolean }): Promise<unknown[]>;
  }
  export class Package {
    static load(descriptor: object | string, basePath?: string, strict?: boolean): Promise<Package>;
    valid: boolean;
    errors: Error[];
    descriptor: object;
    resources: Resource[];
    getResource(name: string): Resource;
  }
}
