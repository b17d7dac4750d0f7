#!/usr/bin/env bash
# The whole test suite: build, lint, types, unit + API tests (SQLite and MySQL), browser tests in Chromium.
# The browser tests run beside the type check and vitest: each of those keeps about one core busy, and the
# machine has two. The browser tests' output is shown when they end; the summary names every failure last.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-reports
# Reports live outside test-results/: Playwright empties that folder when it starts.
rm -f test-reports/*.json test-reports/*.log
started=$SECONDS
echo "== node $(node --version), npm $(npm --version), $(nproc) cores"
# Elapsed minutes and seconds since the suite started, for each phase's heading.
elapsed() { printf '%dm%02ds' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)); }
bash scripts/ensure-test-services.sh

echo "== [$(elapsed)] build (server, typed GraphQL documents, web)"
npm run build

echo "== [$(elapsed)] lint and format (biome)"
npm run lint

echo "== [$(elapsed)] browser tests (Playwright, Debian Chromium) start beside the rest; output: test-reports/playwright.log"
(
  e2e_started=$SECONDS
  status=0
  PLAYWRIGHT_JSON_OUTPUT_NAME=test-reports/playwright.json npx playwright test --reporter=list,json \
    >test-reports/playwright.log 2>&1 || status=$?
  echo "browser tests took $((SECONDS - e2e_started)) s" >>test-reports/playwright.log
  exit "$status"
) &
e2e_pid=$!

typecheck_status=0
echo "== [$(elapsed)] type check"
npm run typecheck || typecheck_status=$?

echo "== [$(elapsed)] unit and API tests (vitest; API on SQLite and MySQL)"
vitest_status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-reports/vitest.json || vitest_status=$?

echo "== [$(elapsed)] waiting for the browser tests"
e2e_status=0
wait "$e2e_pid" || e2e_status=$?
echo "== [$(elapsed)] browser tests' output"
cat test-reports/playwright.log

echo "== [$(elapsed)] done"
summary_status=0
node scripts/test-summary.mjs test-reports/vitest.json test-reports/playwright.json || summary_status=$?
for status in "$typecheck_status" "$vitest_status" "$e2e_status" "$summary_status"; do
  if [ "$status" -ne 0 ]; then exit 1; fi
done
