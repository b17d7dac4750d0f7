import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests of the built web app against the real gateway (embedded SQLite,
 * auto-seeded on first start). Build first: `npm run build` (server and web).
 */
// E2E_PORT lets a second checkout run its browser tests beside another one.
const port = process.env.E2E_PORT ?? "3100";

export default defineConfig({
  testDir: "tests/e2e",
  // Baselines of tests/e2e/screenshots.spec.ts, one flat folder: npm run test:screenshots(:update).
  snapshotPathTemplate: "{testDir}/__screenshots__/{arg}{ext}",
  workers: 1,
  retries: process.env.CI ? 1 : 0,
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
      ],
    },
  },
  webServer: {
    command: "node dist/gateway/main.js",
    url: `http://127.0.0.1:${port}/readyz`,
    // One client records a visit on every page of the suite; the 120/min limit itself is tested in tests/api.
    env: { PORT: port, DATABASE_URL: "sqlite:data/e2e.sqlite", WRITE_RATE_LIMIT_PER_MINUTE: "100000" },
    timeout: 300_000,
    reuseExistingServer: false,
  },
});
