import { createRequire } from "node:module";
import swc from "unplugin-swc";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

// SWC emits the decorator metadata type-graphql and TypeORM read (esbuild does not).
const decorators = swc.vite({
  jsc: {
    parser: { syntax: "typescript", decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
  },
});
// One graphql instance: type-graphql and Apollo load the CommonJS build, so tests must too.
const resolve = { alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }] };

export default defineConfig({
  plugins: [decorators],
  resolve,
  test: {
    projects: [
      {
        plugins: [decorators],
        resolve,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        plugins: [decorators],
        resolve,
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
          // Each file starts its own gateways; one file at a time keeps the 2-core machine responsive.
          fileParallelism: false,
        },
      },
    ],
  },
});
