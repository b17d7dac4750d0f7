import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The API files that share the worker's gateways (sharedPortal) run first, the files that start gateways
 * of their own after them: those may change the release (a renamed gene, a new release switched in) and
 * stop the shared gateways, so none of them is started again or sees another file's changes.
 */
export default class SharedGatewaysFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const sharesGateway = (file: TestSpecification) =>
      readFileSync(file.moduleId, "utf8").includes("sharedPortal(");
    return [...sorted.filter(sharesGateway), ...sorted.filter((file) => !sharesGateway(file))];
  }
}
