#!/usr/bin/env bash
# The country-scale cold-listing benchmark of issue 32: seeds a database
# with `server seed --scale 50` (10k clinics, 100k doctors; once: seed does
# nothing to a database that has data), then runs bench/cold.sh against
# it: a fresh server without Redis, every request a specialty listing not
# asked for before, so every page and nearly every card renders. Prints
# req/s, p50, p99, the server's RSS and the static renderer's fallbacks.
#
#   bench/scale.sh [BINARY]        (default bin/server; make bench-scale builds it)
#
# Settings (environment): SCALE_DB (database URL, default the
# sogliq_scale database on 127.0.0.1), SCALE (50), and cold.sh's
# COLD_CONNS, COLD_SECONDS (3 here: the 1,736 listings last 3 s up to
# ~570 req/s, and the build of the sixth sitting served ~440 on a fast
# machine, which ran out of them in 4 s; a listing asked for again finds its cards kept, and a page
# asked for again after it left the page cache's recent list is kept as
# frequent, which a crawl never does, so the figures and the RSS would no
# longer be cold ones: rotate.lua says so when it happens), COLD_THREADS,
# COLD_ENV.
set -euo pipefail
bin=${1:-bin/server}
db=${SCALE_DB:-postgres://postgres@127.0.0.1:5432/sogliq_scale?sslmode=disable}
here=$(cd "$(dirname "$0")" && pwd)
media=$(mktemp -d)
trap 'rm -rf "$media"' EXIT
echo "seeding $db at scale ${SCALE:-50} (nothing to do when it has data)"
env -u REDIS_URL DATABASE_URL="$db" MEDIA_DIR="$media" "$bin" seed --scale "${SCALE:-50}" 2>&1 | grep -E 'level=(ERROR|WARN)' || true
COLD_DB="$db" COLD_SECONDS="${COLD_SECONDS:-3}" "$here/cold.sh" "$bin"
