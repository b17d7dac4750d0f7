import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { Layout } from "../components/Layout";
import { RouteError } from "../components/RouteError";
import { Spinner } from "../components/Spinner";
import { withTimeout } from "../lib/lazy";
import { siteConfig } from "../site.config";

type ScreenModule = { default: ComponentType };

/** A lazily loaded screen whose chunk gives up after the configured timeout (120 s). */
function screen(name: string, load: () => Promise<ScreenModule>): Pick<RouteObject, "lazy"> {
  return {
    lazy: async () => {
      const module = await withTimeout(load(), siteConfig.chunkLoadTimeoutMs, `the ${name} screen`);
      return { Component: module.default };
    },
  };
}

export const routes: RouteObject[] = [
  {
    path: "/",
    Component: Layout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner label="Loading..." />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, ...screen("home", () => import("./home/HomePage")) },
          { path: "gene-search", ...screen("gene search", () => import("./gene-search/GeneSearchPage")) },
          {
            path: "disease-search",
            ...screen("disease search", () => import("./disease-search/DiseaseSearchPage")),
          },
          {
            path: "paper-search",
            ...screen("publication search", () => import("./paper-search/PaperSearchPage")),
          },
          { path: "gene-table", ...screen("gene catalog", () => import("./gene-table/GeneTablePage")) },
          {
            path: "disease-table",
            ...screen("disease catalog", () => import("./disease-table/DiseaseTablePage")),
          },
          {
            path: "paper-table",
            ...screen("publication catalog", () => import("./paper-table/PaperTablePage")),
          },
          {
            path: "synaptopathy-history",
            ...screen("synaptopathy history", () => import("./synaptopathy-history/SynaptopathyHistoryPage")),
          },
          {
            path: "brain-region-protein-distribution",
            ...screen(
              "brain region",
              () => import("./brain-region-protein-distribution/BrainRegionDistributionPage"),
            ),
          },
          {
            path: "disease-classifications",
            ...screen(
              "disease classifications",
              () => import("./disease-classifications/DiseaseClassificationsPage"),
            ),
          },
          {
            path: "synaptic-compartments",
            ...screen("compartments", () => import("./synaptic-compartments/SynapticCompartmentsPage")),
          },
          {
            path: "synapse-localization",
            ...screen("compartments", () => import("./synaptic-compartments/SynapticCompartmentsPage")),
          },
          { path: "analyze", ...screen("gene-list analysis", () => import("./analyze/AnalyzePage")) },
          { path: "faq", ...screen("FAQ", () => import("./faq/FaqPage")) },
          {
            path: "documentation",
            ...screen("API documentation", () => import("./documentation/DocumentationPage")),
          },
          { path: "explorer", ...screen("GraphQL explorer", () => import("./explorer/ExplorerPage")) },
          { path: "SynapticERDiagram", ...screen("ER diagram", () => import("./er-diagram/ErDiagramPage")) },
          { path: "publication", ...screen("publication", () => import("./publication/PublicationPage")) },
          { path: "about", ...screen("about", () => import("./about/AboutPage")) },
          {
            path: "cookies-policy",
            ...screen("cookies policy", () => import("./cookies-policy/CookiesPolicyPage")),
          },
          {
            path: "api-counter-dashboard",
            ...screen("API dashboard", () => import("./api-counter-dashboard/ApiCounterDashboardPage")),
          },
          { path: "data", ...screen("data", () => import("./data/DataPage")) },
          { path: "*", ...screen("not found", () => import("./not-found/NotFoundPage")) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
