# Sog'liq: one Go binary serving React pages rendered in goja.
#   make run    start the site with demo data on :3000 (ADDR to change)
#   make test   every test: types, vet, staticcheck, Go unit (-race), PostgreSQL/Redis integration, headless Chromium
#   make bench  render and HTTP benchmarks (figures, not pass/fail)
#   make generate  client/gen/*.ts from the Go types React receives (tygo.yaml)
#   make screenshots  PNGs of the home page, phone and desktop, both languages, into screenshots/

GO        ?= go
# The --scale 50 database of bench-scale (seeded once, reused).
SCALE_DB  ?= postgres://postgres@127.0.0.1:5432/sogliq_scale?sslmode=disable
BIN       := bin/server
.PHONY: deps run dev build test test-go test-race test-site test-site-go test-browser vet lint typecheck generate generated browser-deps s3-deps bench bench-cold bench-hits bench-scale screenshots screenshots-dashboard clean

# npm ci only when package-lock.json differs from the one node_modules was
# installed from (compared by content, not time: a fresh checkout or git
# worktree is newer than any install, and a shared node_modules must not be
# wiped and reinstalled under another checkout's running tests).
deps:
	@cmp -s package-lock.json node_modules/.installed-lock.json 2>/dev/null || { \
	  npm ci --no-audit --no-fund && cp package-lock.json node_modules/.installed-lock.json; }
	$(GO) mod download

run: deps
	$(GO) run ./server serve --demo

dev: deps
	DEV=1 $(GO) run ./server serve --demo

# The production binary, with the bundles embedded.
build: deps
	$(GO) run ./server bundle server/assets/dist
	CGO_ENABLED=0 $(GO) build -trimpath -o $(BIN) ./server
	@rm -f server/assets/dist/bundle.json

# The TypeScript types of page data, island props and API answers,
# generated from the Go types (tygo.yaml) and checked in.
generate:
	rm -f client/gen/*.ts
	$(GO) tool tygo generate

# Fails when client/gen is not what the Go types generate now: regenerates
# into a temporary directory and compares, leaving the tree alone.
generated:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  sed "s#output_path: client/gen/#output_path: $$tmp/#" tygo.yaml > "$$tmp/tygo.yaml" && \
	  $(GO) tool tygo generate --config "$$tmp/tygo.yaml" && rm "$$tmp/tygo.yaml" && \
	  diff -ru client/gen "$$tmp" || { \
	    echo "*** client/gen is stale: the Go types changed. Run 'make generate' and fix the TypeScript that uses them."; exit 1; }

typecheck: deps generated
	npx --no-install tsc --noEmit -p tsconfig.json

# make test runs its independent parts side by side (make -j, each part's
# output printed whole when it ends): the generated-code and type checks,
# vet, staticcheck, the Go packages under the race detector, and the site
# package's Go tests. The browser tests come after, alone: beside the race
# detector on two cores Chromium starved for seconds at a time (a hydration
# error and a 30 s wait in CI), and a browser test should see the machine a
# patient's phone sees, not a build farm.
test: deps browser-deps s3-deps
	@$(MAKE) --no-print-directory -j5 --output-sync=target typecheck vet lint test-race test-site-go
	@$(MAKE) --no-print-directory test-browser

test-go: vet lint test-race test-site

vet: deps
	$(GO) vet ./...

# staticcheck is pinned in go.mod (go tool). govulncheck is not run: it
# needs the vulnerability database at vuln.go.dev, which this machine
# cannot reach (no DNS for it); run `go run golang.org/x/vuln/cmd/govulncheck
# ./...` where it can.
lint: deps
	$(GO) tool staticcheck ./...

# Every package but server/site runs under the race detector (-p 4: most
# wait on PostgreSQL and Redis, so four at a time fill two cores). The site
# package runs without it: it renders every page in goja, which is about
# ten times slower under -race, and its scenarios (Chromium, every route in
# both languages) would take past the 15-minute budget. What it runs
# concurrently is covered under -race all the same: the cache, ssr (the
# runtime pool), booking, account and search packages test their own
# concurrency, and test-site reruns the site's cold burst (concurrent
# first requests through the page cache, singleflight and the engine pool)
# with -race. Its load test (TestRedisFailureUnderLoadIsNeverAnError) stays
# out: under -race renders pass the 2s render deadline and half its
# requests fail on time alone.
RACE_PKGS = $$($(GO) list ./... | grep -v '/server/site$$')
SITE_RACE = TestColdBurstRendersOnce

test-race: deps s3-deps
	$(GO) test -race -count=1 -p 4 -timeout 20m $(RACE_PKGS)

BROWSER_TESTS = ^(TestBrowser|TestPagesAudit)$$

test-site: test-site-go test-browser

test-site-go: deps
	$(GO) test -count=1 -timeout 45m -skip '$(BROWSER_TESTS)' ./server/site/
	$(GO) test -race -count=1 -timeout 10m -run '^($(SITE_RACE))$$' ./server/site/

# Headless Chromium over the running site (client/e2e) and the page audit.
test-browser: deps browser-deps
	$(GO) test -count=1 -timeout 30m -run '$(BROWSER_TESTS)' ./server/site/

# Debian's Chromium for the browser test, and Debian's Java for the Nu HTML
# Checker (node_modules/vnu-jar); installed when missing and we may.
browser-deps:
	@command -v chromium >/dev/null 2>&1 || command -v "$$CHROMIUM" >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "*** chromium is missing: install Debian's chromium package (the browser test will skip locally, fail in CI)"; fi; }
	@command -v java >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless; \
	  else echo "*** java is missing: install Debian's default-jre-headless (the page audit will skip locally, fail in CI)"; fi; }

# Pictures of the home page on a phone (390 px) and a desktop (1366 px), in
# both languages, into screenshots/: a demo site on a free port, Chromium,
# then the site is stopped.
screenshots: deps browser-deps
	@mkdir -p screenshots
	@tmp=$$(mktemp -d) && port=$$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])') && \
	  $(GO) build -o $$tmp/server ./server && \
	  { ADDR=127.0.0.1:$$port PUBLIC_URL=http://127.0.0.1:$$port DATABASE_URL=$${SCREENSHOTS_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/sogliq_screenshots?sslmode=disable} \
	    $$tmp/server serve --demo --no-workers > $$tmp/server.log 2>&1 & pid=$$!; } && \
	  trap 'kill $$pid 2>/dev/null; rm -rf $$tmp' EXIT && \
	  for i in $$(seq 1 180); do curl -sf -o /dev/null http://127.0.0.1:$$port/ && break; sleep 1; done && \
	  BASE_URL=http://127.0.0.1:$$port SCREENSHOT_DIR=screenshots node client/e2e/screenshots.mjs

# The S3-compatible server the image store's S3 test runs against
# (versitygw, one Go binary from the Go module proxy, over a temporary
# directory); built once into .cache/ (a few minutes).
VERSITYGW_VERSION := v1.8.0
VERSITYGW := .cache/versitygw-$(VERSITYGW_VERSION)/versitygw
s3-deps: $(VERSITYGW)
$(VERSITYGW):
	GOBIN=$(CURDIR)/$(dir $(VERSITYGW)) $(GO) install github.com/versity/versitygw/cmd/versitygw@$(VERSITYGW_VERSION)

# The provider listings seed a large database (BENCH_SCALE, default 50:
# 10k clinics, 100k doctors, ~430k prices) once per benchmark, ~25 s each.
# Pictures of the editors' dashboard on a phone and a desktop, in both
# languages, into screenshots/ (gitignored), from its browser test.
screenshots-dashboard: deps
	SCREENSHOT_DIR=$(CURDIR)/screenshots E2E_ONLY=dashboard $(GO) test -run 'TestBrowser$$' -count=1 ./server/site/

bench: deps
	$(GO) test -run '^$$' -bench . -skip 'BenchmarkRush|BenchmarkListingsAtScale' -benchtime 3s ./server/site/
	$(GO) test -run '^$$' -bench BenchmarkRush -benchtime 10x -timeout 10m ./server/site/
	$(GO) test -run '^$$' -bench BenchmarkPageP99UnderBurst -benchtime 1x -timeout 10m ./server/
	$(GO) test -run '^$$' -bench . ./server/cache/
	$(GO) test -run '^$$' -bench BenchmarkEncode12MP -benchtime 3x ./server/images/
	$(GO) test -run '^$$' -bench BenchmarkClinicListing -benchtime 500x ./server/catalog/
	$(GO) test -run '^$$' -bench BenchmarkEarliestFree -benchtime 200x -timeout 30m ./server/catalog/
	$(GO) test -run '^$$' -bench BenchmarkTypedListing -benchtime 400x -timeout 30m ./server/booking/
	$(GO) test -run '^$$' -bench 'BenchmarkSuggest' -benchtime 2000x -timeout 30m ./server/search/
	$(GO) test -run '^$$' -bench 'BenchmarkLargeSeed' -benchtime 1000x -timeout 30m ./server/booking/
	$(GO) test -run '^$$' -bench 'BenchmarkContention' -benchtime 5x -timeout 10m ./server/booking/
	$(GO) test -run '^$$' -bench 'BenchmarkDeskDay' -benchtime 500x -timeout 30m ./server/desk/
	$(MAKE) --no-print-directory bench-cold
	$(MAKE) --no-print-directory bench-hits
	$(MAKE) --no-print-directory bench-scale

# The cold-listing test of issue 15 against the built binary: wrk over the
# sitemap's specialty listings, each request a page not asked for before
# (bench/cold.sh; COLD_DB, COLD_CONNS, COLD_SECONDS, COLD_ENV).
bench-cold: build
	bench/cold.sh $(BIN)

# The cache-hit test of issue 28 against the built binary: every sitemap
# URL once with Redis, then wrk on one cached listing beside bench/ceiling
# (the same bytes from a bare Fiber handler), req/s and their ratio, and
# the collector's share of the CPU (bench/hits.sh; HITS_* settings).
bench-hits: build
	bench/hits.sh $(BIN)

# bench-scale: the cold listings of bench-cold on a --scale 50 database
# (100k doctors; seeded once into sogliq_scale, ~90 s, reused after), where
# nearly every card on every page is new (bench/scale.sh; SCALE_DB).
bench-scale: build
	SCALE_DB='$(SCALE_DB)' bench/scale.sh $(BIN)
	BENCH_SCALE_DB='$(SCALE_DB)' $(GO) test -run '^$$' -bench BenchmarkListingsAtScale -benchtime 400x -timeout 30m ./server/site/

clean:
	rm -rf bin
