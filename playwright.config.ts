import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests of the built web app against the real gateway (embedded SQLite,
 * auto-seeded on first start). Build first: `npm run build` (server and web).
 */
// E2E_PORT lets a second checkout run its browser tests beside another one.
const port = process.env.E2E_PORT ?? "3100";

export default defineConfig({
  testDir: "tests/e2e",
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
    env: { PORT: port, DATABASE_URL: "sqlite:data/e2e.sqlite" },
    timeout: 300_000,
    reuseExistingServer: false,
  },
});
