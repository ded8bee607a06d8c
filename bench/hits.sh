#!/usr/bin/env bash
# The cache-hit benchmark of issue 28: the built server with Redis, every
# sitemap URL requested once (the steady state of a crawled site), then
# wrk on one cached listing against bench/ceiling, a bare Fiber handler
# sending the same status, headers and bytes from memory, in alternating
# rounds. Prints each round's req/s, the medians and their ratio, and the
# share of the server's CPU the garbage collector took under the load (a
# CPU profile of the last server round).
#
#   bench/hits.sh [BINARY]        (default bin/server; make bench-hits builds it)
#
# Settings (environment): HITS_DB (database URL; seeded with the demo data
# when empty), HITS_REDIS (redis://127.0.0.1:6379/13, flushed first),
# HITS_PATH (/doctors/kardiolog), HITS_CONNS (32), HITS_SECONDS (10),
# HITS_ROUNDS (3), HITS_ENV (extra variables for the server, e.g. GOGC=200).
set -euo pipefail
bin=${1:-bin/server}
db=${HITS_DB:-postgres://postgres@127.0.0.1:5432/sogliq_hitsbench?sslmode=disable}
rurl=${HITS_REDIS:-redis://127.0.0.1:6379/13}
path=${HITS_PATH:-/doctors/kardiolog}
conns=${HITS_CONNS:-32}
secs=${HITS_SECONDS:-10}
rounds=${HITS_ROUNDS:-3}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
pid= cpid=
cleanup() {
  for p in $pid $cpid; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port) mport=$(free_port) cport=$(free_port)
origin="http://127.0.0.1:$port"
redis-cli -u "$rurl" flushdb >/dev/null

env ${HITS_ENV:-} DATABASE_URL="$db" REDIS_URL="$rurl" ADDR="127.0.0.1:$port" METRICS_ADDR="127.0.0.1:$mport" \
  PUBLIC_URL="$origin" MEDIA_DIR="$work/media" "$bin" serve --demo --no-workers >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do
  curl -fsS -o /dev/null "$origin/readyz" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/server.log"; echo "server exited" >&2; exit 1; }
  sleep 0.5
done

# Every URL of the sitemap once, two at a time.
curl -fsS "$origin/sitemap.xml" | grep -o '<loc>[^<]*</loc>' | sed 's#</\?loc>##g' >"$work/files"
while read -r f; do curl -fsS "$f" | grep -o '<loc>[^<]*</loc>' | sed 's#</\?loc>##g'; done <"$work/files" | sort -u >"$work/urls"
echo "crawling $(wc -l <"$work/urls") sitemap URLs once..."
xargs -P 2 -n 50 sh -c 'for u; do curl -s -o /dev/null "$u"; done' crawl <"$work/urls"

# A listing is fresh for a minute: one the crawl reached early is stale by
# now, and the request that finds it so starts its re-render.
for _ in $(seq 1 20); do
  curl -fsS -D "$work/headers" -o "$work/body" "$origin$path"
  grep -qi '^x-cache: HIT' "$work/headers" && break
  sleep 0.5
done
grep -qi '^x-cache: HIT' "$work/headers" || { echo "$path is not a cache hit:"; cat "$work/headers"; exit 1; }
go build -o "$work/ceiling" "$here/ceiling"
"$work/ceiling" -addr "127.0.0.1:$cport" -headers "$work/headers" -body "$work/body" &
cpid=$!
for _ in $(seq 1 100); do curl -fsS -o /dev/null "http://127.0.0.1:$cport$path" 2>/dev/null && break; sleep 0.1; done

echo "cache hits: $bin, $path ($(wc -c <"$work/body") bytes), wrk -t1 -c$conns -d${secs}s, $rounds rounds each, load average $(cut -d' ' -f1-3 /proc/loadavg)"
rps() { wrk -t1 -c"$conns" -d"${secs}s" "$1" | awk '/^Requests\/sec/ {print $2}'; }
: >"$work/sogliq" ; : >"$work/ceil"
for r in $(seq 1 "$rounds"); do
  if [ "$r" = "$rounds" ]; then
    curl -fsS -o "$work/cpu.prof" "http://127.0.0.1:$mport/debug/pprof/profile?seconds=$((secs - 2))" &
    prof=$!
  fi
  s=$(rps "$origin$path"); echo "$s" >>"$work/sogliq"
  [ "$r" = "$rounds" ] && wait "$prof"
  c=$(rps "http://127.0.0.1:$cport$path"); echo "$c" >>"$work/ceil"
  echo "round $r: sogliq $s req/s, ceiling $c req/s"
done
median() { sort -n "$1" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ms=$(median "$work/sogliq") mc=$(median "$work/ceil")
echo "median: sogliq $ms req/s, ceiling $mc req/s, ratio $(awk -v s="$ms" -v c="$mc" 'BEGIN {printf "%.2f", s/c}')"
gc=$(go tool pprof -top -nodecount 500 "$work/cpu.prof" 2>/dev/null | awk '/runtime.gcBgMarkWorker$/ {print $5}')
echo "garbage collector (runtime.gcBgMarkWorker, cumulative) in the last round: ${gc:-0%} of the server's CPU samples"
grep -E '^(VmHWM|VmRSS)' "/proc/$pid/status" | tr -s ' \t' ' ' | sed 's/^/server /'
