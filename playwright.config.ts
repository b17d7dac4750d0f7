import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests of the built web app against the real gateway (embedded SQLite,
 * auto-seeded on first start). Build first: `npm run build` (server and web).
 */
// E2E_PORT lets a second checkout run its browser tests beside another one.
const firstPort = Number(process.env.E2E_PORT ?? "3100");
// One worker per core, each with a gateway and a database of its own, so that no test sees another's
// visits, counters or rate limits. Playwright starts each worker with its index in TEST_PARALLEL_INDEX
// and loads this file there, so a worker's baseURL is its own gateway's.
const workers = Number(process.env.E2E_WORKERS ?? 2);
const workerPort = (index: number) => firstPort + index;
const port = workerPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/**
 * Chromium features off. One --disable-features switch counts (the last), so this is Playwright's own
 * list (playwright-core 1.65, chromiumSwitches) and ours after it: Chromium 156 prewarms a WebUI omnibox
 * popup, a renderer process of its own, for every window, so for every browser context a test opens;
 * with it off a new context costs about a third less CPU. Nothing a test sees has an omnibox.
 */
const DISABLED_FEATURES = [
  ...["AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades"],
  ...["HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding"],
  ...["ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin"],
  ...["OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch"],
  ...["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"],
];

export default defineConfig({
  testDir: "tests/e2e",
  // Baselines of tests/e2e/screenshots.spec.ts, one flat folder: npm run test:screenshots(:update).
  snapshotPathTemplate: "{testDir}/__screenshots__/{arg}{ext}",
  workers,
  // Tests, not files, are spread over the workers: the route-by-route file alone is a third of the suite.
  fullyParallel: true,
  // No retries: a test that passes only on a second try is a failure to mend, not to hide.
  retries: 0,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        `--disable-features=${DISABLED_FEATURES.join(",")}`,
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: "node dist/gateway/main.js",
    url: `http://127.0.0.1:${workerPort(index)}/readyz`,
    // One client records a visit on every page of the suite; the 120/min limit itself is tested in tests/api.
    env: {
      PORT: String(workerPort(index)),
      DATABASE_URL: `sqlite:data/e2e-${index}.sqlite`,
      WRITE_RATE_LIMIT_PER_MINUTE: "100000",
    },
    timeout: 300_000,
    reuseExistingServer: false,
  })),
});
