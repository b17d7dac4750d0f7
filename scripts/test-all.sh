#!/usr/bin/env bash
# The whole test suite: build, lint, types, unit + API tests (SQLite and MySQL), browser tests in Chromium.
# The type check runs beside the web build and vitest; the browser tests come last, in two workers of
# their own (playwright.config.ts), when the machine is theirs.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-reports
# Reports live outside test-results/: Playwright empties that folder when it starts.
rm -f test-reports/*.json test-reports/*.log
started=$SECONDS
# Busy and idle ticks of all cores since boot (user nice system idle iowait irq softirq steal).
cpu_ticks() { awk '/^cpu / {print $2 + $3 + $4 + $7 + $8 + $9, $5 + $6}' /proc/stat; }
read -r busy_start idle_start < <(cpu_ticks)
echo "== node $(node --version), npm $(npm --version), $(nproc) cores"
# How fast a core of this machine is today: the same fixed work every run. Machines here have differed
# by 2x and more for the same suite, so a run's minutes are only compared together with this figure.
echo "== core speed: 10^8 steps of a fixed loop in $(node scripts/core-speed.mjs) (lower is faster)"
# Elapsed minutes and seconds since the suite started, for each phase's heading.
elapsed() { printf '%dm%02ds' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)); }
bash scripts/ensure-test-services.sh

echo "== [$(elapsed)] build (server, typed GraphQL documents, web)"
npm run build:server
# The browser tests' gateways (playwright.config.ts, one per worker) serve databases of their own. They are
# loaded here, from the bundled release, beside the build (the first loaded, the others
# copies of it), instead of by each gateway on its first start while the browser tests wait.
e2e_workers="${E2E_WORKERS:-2}"
echo "== [$(elapsed)] browser tests' databases (data/e2e-*.sqlite): loaded in the background; output: test-reports/e2e-seed.log"
(
  mkdir -p data && rm -f data/e2e-*.sqlite data/e2e-*.sqlite-wal data/e2e-*.sqlite-shm
  DATABASE_URL=sqlite:data/e2e-0.sqlite node dist/seeds/cli.js seed
  for index in $(seq 1 $((e2e_workers - 1))); do cp data/e2e-0.sqlite "data/e2e-${index}.sqlite"; done
) >test-reports/e2e-seed.log 2>&1 &
e2e_seed_pid=$!
# The API tests' MySQL databases are copies, made on the server, of one database loaded here beside the
# build (tests/api/global-setup.ts reads TEST_MYSQL_SEED), not loaded by the tests' setup while both
# cores wait on that one load.
export TEST_MYSQL_SEED="${TEST_MYSQL_URL:-mysql://root@127.0.0.1:3306/portal_test}_seed"
echo "== [$(elapsed)] the API tests' MySQL seed (${TEST_MYSQL_SEED##*/}): loaded in the background; output: test-reports/mysql-seed.log"
(
  node -e 'const url = new URL(process.argv[1]); const name = url.pathname.slice(1); url.pathname = "/";
    require("mysql2/promise").createConnection(url.toString()).then(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``); await c.end(); });' "$TEST_MYSQL_SEED"
  DATABASE_URL="$TEST_MYSQL_SEED" node dist/seeds/cli.js seed
) >test-reports/mysql-seed.log 2>&1 &
mysql_seed_pid=$!
npm run codegen
# The type check needs the typed documents, not the web build: it starts here, beside the web build,
# the lint and the first vitest files, on the core the single-threaded steps leave idle.
echo "== [$(elapsed)] type check, beside the web build, the lint and the tests; output: test-reports/typecheck.log"
(npm run typecheck >test-reports/typecheck.log 2>&1) &
typecheck_pid=$!
npm run build --workspace web

echo "== [$(elapsed)] lint and format (biome)"
npm run lint

# The API tests' SQLite files are copies of the browser tests' first database (tests/api/global-setup.ts):
# the bundled release is loaded into SQLite once per run.
e2e_status=0
if ! wait "$e2e_seed_pid"; then
  echo "loading the browser tests' databases FAILED: test-reports/e2e-seed.log"
  cat test-reports/e2e-seed.log
  e2e_status=1
fi

if ! wait "$mysql_seed_pid"; then
  echo "loading the API tests' MySQL seed failed (the tests' setup loads its own): test-reports/mysql-seed.log"
  cat test-reports/mysql-seed.log
  unset TEST_MYSQL_SEED
fi

echo "== [$(elapsed)] unit and API tests (vitest; API on SQLite and MySQL)"
vitest_status=0
[ "$e2e_status" -ne 0 ] || export TEST_SQLITE_SEED=data/e2e-0.sqlite
npx vitest run --reporter=default --reporter=json --outputFile.json=test-reports/vitest.json || vitest_status=$?

typecheck_status=0
wait "$typecheck_pid" || typecheck_status=$?
echo "== [$(elapsed)] type check: $([ "$typecheck_status" -eq 0 ] && echo passed || echo FAILED)"
cat test-reports/typecheck.log

echo "== [$(elapsed)] browser tests (Playwright, Debian Chromium)"
[ "$e2e_status" -ne 0 ] || PLAYWRIGHT_JSON_OUTPUT_NAME=test-reports/playwright.json npx playwright test --reporter=list,json || e2e_status=$?

echo "== [$(elapsed)] done"
# The machine's CPU over the run (/proc/stat: every process, MariaDB and Chromium's renderers included,
# which the shell's `times` misses: Chromium's zygotes are reparented to init). Busy against available
# says how much of the run waited rather than computed: a run near 100% is made shorter only by less work.
read -r busy_end idle_end < <(cpu_ticks)
echo "machine CPU over the run: $(((busy_end - busy_start) / 100)) s busy of $(((busy_end - busy_start + idle_end - idle_start) / 100)) s available ($((100 * (busy_end - busy_start) / (busy_end - busy_start + idle_end - idle_start + 1)))%)"
if [ "$typecheck_status" -ne 0 ]; then echo "type check FAILED: test-reports/typecheck.log, printed above"; fi
summary_status=0
node scripts/test-summary.mjs test-reports/vitest.json test-reports/playwright.json || summary_status=$?
for status in "$typecheck_status" "$vitest_status" "$e2e_status" "$summary_status"; do
  if [ "$status" -ne 0 ]; then exit 1; fi
done
