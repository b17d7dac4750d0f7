#!/usr/bin/env bash
# The whole test suite: build, lint, types, unit + API tests (SQLite and MySQL), browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
bash scripts/ensure-test-services.sh

echo "== build (server, typed GraphQL documents, web)"
npm run build

echo "== lint and format (biome)"
npm run lint

echo "== type check"
npm run typecheck

echo "== unit and API tests (vitest; API on SQLite and MySQL)"
vitest_status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || vitest_status=$?

echo "== browser tests (Playwright, Debian Chromium)"
e2e_status=0
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json npx playwright test --reporter=list,json || e2e_status=$?

node scripts/test-summary.mjs test-results/vitest.json test-results/playwright.json
if [ "$vitest_status" -ne 0 ] || [ "$e2e_status" -ne 0 ]; then exit 1; fi
