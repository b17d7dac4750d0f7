import swc from "unplugin-swc";
import { defineConfig } from "vitest/config";

// SWC emits the decorator metadata type-graphql and TypeORM read (esbuild does not).
const decorators = swc.vite({
  jsc: { parser: { syntax: "typescript", decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false } },
});

export default defineConfig({
  plugins: [decorators],
  test: {
    projects: [
      {
        plugins: [decorators],
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        plugins: [decorators],
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // Each file starts its own gateways; running files one at a time keeps the 2-core machine responsive.
          fileParallelism: false,
        },
      },
    ],
  },
});
