#!/usr/bin/env bash
# What the test suite needs beyond npm packages: Debian's Chromium, nginx (the proxy and topology tests)
# and a MariaDB/MySQL on 127.0.0.1:3306.
set -euo pipefail

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing Chromium from Debian (Playwright never downloads browsers here)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

# The tests run nginx themselves, in the foreground with their own config (deploy/nginx.ts); no service is used.
if [ ! -x /usr/sbin/nginx ]; then
  echo "== installing nginx-light from Debian"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
fi

# Only the default local server is started here; a TEST_MYSQL_URL elsewhere is the caller's to run.
if [ -z "${TEST_MYSQL_URL:-}" ] && ! mysqladmin -uroot -h127.0.0.1 --connect-timeout=2 ping >/dev/null 2>&1; then
  echo "== starting MariaDB"
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
  for _ in $(seq 1 60); do
    mysqladmin -uroot -h127.0.0.1 --connect-timeout=2 ping >/dev/null 2>&1 && break
    sleep 1
  done
  mysqladmin -uroot -h127.0.0.1 --connect-timeout=2 ping
fi
