import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { Layout } from "../components/Layout";
import { RouteError } from "../components/RouteError";
import { Spinner } from "../components/Spinner";
import { withTimeout } from "../lib/lazy";
import type { ScreenPreload } from "../lib/pageQuery";
import { siteConfig } from "../site.config";

/** A screen's module: its component, and for a screen rendered with its data, what it preloads. */
type ScreenModule = { default: ComponentType; preload?: ScreenPreload };

/** Every screen module by file; each is its own chunk, loaded when its route is first shown. */
const screenModules = import.meta.glob<ScreenModule>("./*/*Page.tsx");

/** What a screen's route carries for the server renders (web/scripts/prerender.mjs, src/prerender.tsx). */
export interface ScreenHandle {
  /** The screen's source file, as the build manifest names it. */
  file: string;
  /**
   * The gateway renders the screen's address with its queries answered (run in-process) and sends
   * the data with the page; other screens are rendered with their queries loading. Such a page is
   * whole without the app, so it starts the app on its first use (src/lib/appStart.ts), not at load.
   */
  serverData?: boolean;
  /** The screen's module (its route loads it): the server render reads its `preload` there. */
  module: () => Promise<ScreenModule>;
}

/**
 * A lazily loaded screen whose chunk gives up after the configured timeout (120 s). `serverData`: see
 * ScreenHandle.
 */
function screen(
  name: string,
  file: string,
  { serverData = false } = {},
): Pick<RouteObject, "lazy" | "handle"> {
  const load = screenModules[file];
  if (!load) throw new Error(`No screen module ${file}`);
  const handle: ScreenHandle = {
    file: `src/routes/${file.slice(2)}`,
    ...(serverData && { serverData }),
    module: load,
  };
  return {
    handle,
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
          { index: true, ...screen("home", "./home/HomePage.tsx") },
          // The search screens' results are in the page the gateway sends for a search's address.
          {
            path: "gene-search",
            ...screen("gene search", "./gene-search/GeneSearchPage.tsx", { serverData: true }),
          },
          {
            path: "disease-search",
            ...screen("disease search", "./disease-search/DiseaseSearchPage.tsx", { serverData: true }),
          },
          {
            path: "paper-search",
            ...screen("publication search", "./paper-search/PaperSearchPage.tsx", { serverData: true }),
          },
          // A record's own page, with its search card's data in the page the gateway sends.
          { path: "gene/:symbol", ...screen("gene", "./gene-search/GenePage.tsx", { serverData: true }) },
          {
            path: "disease/:hdoid",
            ...screen("disease", "./disease-search/DiseasePage.tsx", { serverData: true }),
          },
          { path: "study/:study", ...screen("study", "./paper-search/StudyPage.tsx", { serverData: true }) },
          {
            path: "brain-region/:region",
            ...screen("brain region", "./brain-region-protein-distribution/RegionPage.tsx", {
              serverData: true,
            }),
          },
          {
            path: "icd-chapter/:chapter",
            ...screen("ICD-11 chapter", "./disease-classifications/ChapterPage.tsx", { serverData: true }),
          },
          {
            path: "compartment/:compartment",
            ...screen("compartment", "./synaptic-compartments/CompartmentPage.tsx", { serverData: true }),
          },
          { path: "gene-table", ...screen("gene catalog", "./gene-table/GeneTablePage.tsx") },
          {
            path: "disease-table",
            ...screen("disease catalog", "./disease-table/DiseaseTablePage.tsx"),
          },
          {
            path: "paper-table",
            ...screen("publication catalog", "./paper-table/PaperTablePage.tsx"),
          },
          {
            path: "synaptopathy-history",
            ...screen("synaptopathy history", "./synaptopathy-history/SynaptopathyHistoryPage.tsx"),
          },
          {
            path: "brain-region-protein-distribution",
            ...screen("brain region", "./brain-region-protein-distribution/BrainRegionDistributionPage.tsx"),
          },
          {
            path: "disease-classifications",
            ...screen("disease classifications", "./disease-classifications/DiseaseClassificationsPage.tsx"),
          },
          {
            path: "synaptic-compartments",
            ...screen("compartments", "./synaptic-compartments/SynapticCompartmentsPage.tsx"),
          },
          {
            path: "synapse-localization",
            ...screen("compartments", "./synaptic-compartments/SynapticCompartmentsPage.tsx"),
          },
          { path: "analyze", ...screen("gene-list analysis", "./analyze/AnalyzePage.tsx") },
          { path: "compare", ...screen("compare gene sets", "./compare/ComparePage.tsx") },
          { path: "faq", ...screen("FAQ", "./faq/FaqPage.tsx") },
          {
            path: "documentation",
            ...screen("API documentation", "./documentation/DocumentationPage.tsx"),
          },
          { path: "explorer", ...screen("GraphQL explorer", "./explorer/ExplorerPage.tsx") },
          { path: "SynapticERDiagram", ...screen("ER diagram", "./er-diagram/ErDiagramPage.tsx") },
          { path: "publication", ...screen("publication", "./publication/PublicationPage.tsx") },
          { path: "about", ...screen("about", "./about/AboutPage.tsx") },
          {
            path: "cookies-policy",
            ...screen("cookies policy", "./cookies-policy/CookiesPolicyPage.tsx"),
          },
          {
            path: "api-counter-dashboard",
            ...screen("API dashboard", "./api-counter-dashboard/ApiCounterDashboardPage.tsx"),
          },
          { path: "data", ...screen("data", "./data/DataPage.tsx") },
          { path: "*", ...screen("not found", "./not-found/NotFoundPage.tsx") },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
