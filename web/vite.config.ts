import { fileURLToPath } from "node:url";
import { babelOptimizerPlugin } from "@graphql-codegen/client-preset";
import babel, { defineRolldownBabelPreset } from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { escapeHtml } from "./src/lib/escapeHtml";
import { siteConfig } from "./src/site.config.ts";

const api = "http://127.0.0.1:3000";

/** Fills the product name and description of index.html from the site configuration. */
function siteConfigHtml(): Plugin {
  return {
    name: "site-config-html",
    transformIndexHtml: (html) =>
      html
        .replaceAll("%SITE_NAME%", escapeHtml(siteConfig.productName))
        .replaceAll("%SITE_DESCRIPTION%", escapeHtml(siteConfig.description)),
  };
}

/**
 * Each `graphql(`...`)` document of the screens becomes an import of that one document from the
 * generated src/gql/graphql.ts (graphql-codegen's client-preset Babel plugin): without it every page's
 * first load carries the map of all the app's documents (src/gql/gql.ts, ~12 KB gzipped).
 */
const typedDocuments = defineRolldownBabelPreset({
  preset: {
    plugins: [
      [
        babelOptimizerPlugin,
        { artifactDirectory: fileURLToPath(new URL("./src/gql", import.meta.url)), gqlTagName: "graphql" },
      ],
    ],
  },
  rolldown: { filter: { id: /\/web\/src\/(?!gql\/)/, code: /\bgraphql\(`/ } },
});

export default defineConfig({
  plugins: [react(), babel({ presets: [typedDocuments] }), siteConfigHtml()],
  // Monaco's workers (GraphQL explorer) are bundled as ES module workers served from this origin.
  worker: { format: "es" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/prerender.mjs to link each prerendered screen's own chunks and CSS.
    manifest: true,
    // One vendor entry (React, React Router, Apollo, graphql) of ~520 kB (160 kB gzip); screens are lazy chunks.
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      onwarn(warning, warn) {
        // GraphiQL's React-compiler output starts modules with "use no memo"; bundling drops it harmlessly.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: api, changeOrigin: true },
      "/graphql": { target: api, changeOrigin: true },
    },
  },
});
