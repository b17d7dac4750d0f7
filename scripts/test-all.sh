#!/usr/bin/env bash
# The whole test suite: build, lint, types, unit + API tests (SQLite and MySQL), browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-reports
# Reports live outside test-results/: Playwright empties that folder when it starts.
rm -f test-reports/*.json
started=$SECONDS
echo "== node $(node --version), npm $(npm --version)"
# Elapsed minutes and seconds since the suite started, for each phase's heading.
elapsed() { printf '%dm%02ds' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)); }
bash scripts/ensure-test-services.sh

echo "== [$(elapsed)] build (server, typed GraphQL documents, web)"
npm run build

echo "== [$(elapsed)] lint and format (biome)"
npm run lint

echo "== [$(elapsed)] type check"
npm run typecheck

echo "== [$(elapsed)] unit and API tests (vitest; API on SQLite and MySQL)"
vitest_status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-reports/vitest.json || vitest_status=$?

echo "== [$(elapsed)] browser tests (Playwright, Debian Chromium)"
e2e_status=0
PLAYWRIGHT_JSON_OUTPUT_NAME=test-reports/playwright.json npx playwright test --reporter=list,json || e2e_status=$?

echo "== [$(elapsed)] done"
summary_status=0
node scripts/test-summary.mjs test-reports/vitest.json test-reports/playwright.json || summary_status=$?
if [ "$vitest_status" -ne 0 ] || [ "$e2e_status" -ne 0 ] || [ "$summary_status" -ne 0 ]; then exit 1; fi
