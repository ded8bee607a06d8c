#!/usr/bin/env bash
# The cold-listing benchmark of issue 15: starts the built server on a free
# loopback port (no Redis: the in-process cache alone, empty at start)
# against a seeded database, takes the specialty listings (every specialty ×
# region × language, adults' and children's) from its sitemap, shuffles
# them, and runs wrk with bench/rotate.lua so that each request asks for a
# listing not asked for before (until the list runs out: the X-Cache counts
# printed say how many answers rendered, MISS, and how many were cached,
# HIT). Prints req/s, p50, p99 and the server's resident memory (peak
# VmHWM, and VmRSS at the end).
#
#   bench/cold.sh [BINARY]        (default bin/server; make bench-cold builds it)
#
# Settings (environment): COLD_DB (database URL; created and seeded with the
# demo data when empty), COLD_CONNS (32), COLD_SECONDS (15), COLD_THREADS
# (1), COLD_ENV (extra variables for the server, e.g. "GOGC=200").
set -euo pipefail
bin=${1:-bin/server}
db=${COLD_DB:-postgres://postgres@127.0.0.1:5432/sogliq_coldbench?sslmode=disable}
conns=${COLD_CONNS:-32}
secs=${COLD_SECONDS:-15}
threads=${COLD_THREADS:-1}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
mport=$(free_port)
origin="http://127.0.0.1:$port"

# The demo's pictures go into MEDIA_DIR when it lacks them (serve --demo
# encodes them as it starts, with a WebAssembly encoder that then stays in
# memory). A server in production starts with its media in place, so the
# measured one gets a directory kept per database (COLD_MEDIA) that a
# first start filled.
media=${COLD_MEDIA:-${TMPDIR:-/tmp}/sogliq-bench-media-$(printf %s "$db" | md5sum | cut -c1-12)}
mkdir -p "$media"

# start runs the server (seeding an empty database once) and waits until it answers.
start() {
  env -u REDIS_URL ${COLD_ENV:-} DATABASE_URL="$db" ADDR="127.0.0.1:$port" METRICS_ADDR="127.0.0.1:$mport" \
    PUBLIC_URL="$origin" MEDIA_DIR="$media" "$bin" serve --demo --no-workers >"$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 600); do
    curl -fsS -o /dev/null "$origin/readyz" 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/server.log"; echo "server exited" >&2; exit 1; }
    sleep 0.5
  done
  curl -fsS -o /dev/null "$origin/readyz"
}
# The binary's pages leave the page cache first, so the server maps them
# as a process started from an image does, read from disk: a binary fresh
# from the linker sits in the page cache in large folios, and a fault
# then maps whole folios of it (4-5 MB more of RssFile, from build to
# build, for the same code).
python3 -c 'import os, sys; fd = os.open(sys.argv[1], os.O_RDONLY); os.fsync(fd); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)' "$bin"
if [ ! -e "$media/.filled" ]; then
  start
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
  touch "$media/.filled"
fi
start

# Listing paths from the sitemap: the specialties files.
curl -fsS "$origin/sitemap.xml" | grep -o '<loc>[^<]*specialties[^<]*</loc>' | sed 's#</\?loc>##g' >"$work/files"
while read -r f; do
  curl -fsS "$f" | grep -o '<loc>[^<]*</loc>' | sed "s#</\?loc>##g; s#^$origin##"
done <"$work/files" | sort -u | shuf --random-source=<(yes) >"$work/urls"
n=$(wc -l <"$work/urls")
[ "$n" -gt 0 ] || { echo "no listing URLs in the sitemap" >&2; exit 1; }

echo "cold listings: $bin, $n distinct listing URLs, wrk -t$threads -c$conns -d${secs}s, load average $(cut -d' ' -f1-3 /proc/loadavg)"
URLS="$work/urls" wrk -t"$threads" -c"$conns" -d"${secs}s" --timeout 10s -s "$here/rotate.lua" "$origin" | sed -n '/^requests /,$p'
grep -E '^(VmHWM|VmRSS|RssAnon|RssFile)' "/proc/$pid/status" | tr -s ' \t' ' ' | sed 's/^/server /'
# Renders the static renderer handed to React (client/staticRender.ts).
# (islands that call useId always go to React; pages and cards should not).
curl -fsS "http://127.0.0.1:$mport/metrics" | awk '/^sogliq_ssr_static_fallbacks_total/ {n += $2; kinds = kinds " " $1 "=" $2} END {printf "static renderer fallbacks: %d%s\n", n, kinds}'
# The named queries' time (wall time, waiting for a connection included),
# most first: where the database's share of a cold page goes.
curl -fsS "http://127.0.0.1:$mport/metrics" | awk '
  /^sogliq_db_query_duration_seconds_sum/ {match($1, /query="[^"]*"/); q = substr($1, RSTART + 7, RLENGTH - 8); sum[q] = $2}
  /^sogliq_db_query_duration_seconds_count/ {match($1, /query="[^"]*"/); q = substr($1, RSTART + 7, RLENGTH - 8); n[q] = $2}
  END {for (q in sum) if (n[q] > 0) printf "%.1f %s %d %.2f\n", sum[q], q, n[q], 1000 * sum[q] / n[q]}' |
  sort -rn | head -n 6 | awk 'BEGIN {print "queries (most total time first): name, calls, mean ms"} {printf "  %s %d %.2f\n", $2, $3, $4}'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
