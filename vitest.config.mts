import { createRequire } from "node:module";
import swc from "unplugin-swc";
import { defineConfig } from "vitest/config";
import { API_WORKERS } from "./tests/api/databases";
import SharedGatewaysFirst from "./tests/api/sequencer";

const require = createRequire(import.meta.url);

export default defineConfig({
  // SWC emits the decorator metadata type-graphql and TypeORM read (esbuild does not).
  plugins: [
    swc.vite({
      jsc: {
        parser: { syntax: "typescript", decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      },
    }),
  ],
  // One graphql instance: type-graphql and Apollo load the CommonJS build, so tests must too.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }] },
  test: {
    sequence: { sequencer: SharedGatewaysFirst },
    // Projects extend this file (plugins, resolve) since Vitest 5.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // The unit files keep no state between them: loading the modules once, not per file, halves
          // the project's CPU (36 -> 18 s on a 630 ms host).
          isolate: false,
          // In the API project's workers, after its files (tests/api/sequencer.ts): a worker done with its
          // API files runs unit files while the other finishes its last API file.
          maxWorkers: API_WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/api/global-setup.ts"],
          // The tests count SQL per request, so repeats must not come from the response cache
          // (tests/api/resilience-cache.test.ts turns it on for itself).
          env: { RESPONSE_CACHE_MB: "0" },
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // Each worker runs its files one after another, without isolation, over databases of its
          // own (tests/api/databases.ts): its modules, and so the gateway each database's read-only
          // files share (tests/api/portal.ts sharedPortal), are loaded once per worker, not per file.
          maxWorkers: API_WORKERS,
          isolate: false,
        },
      },
    ],
  },
});
