# Sog'liq: one Go binary serving React pages rendered in goja.
#   make run    start the site with demo data on :3000 (ADDR to change)
#   make test   every test: types, vet, staticcheck, Go unit, PostgreSQL/Redis integration, headless Chromium
#   make bench  render and HTTP benchmarks (figures, not pass/fail)
#   make generate  client/gen/*.ts from the Go types React receives (tygo.yaml)

GO        ?= go
BIN       := bin/server
STAMP     := node_modules/.package-lock.json

.PHONY: run dev build test test-go typecheck generate generated browser-deps s3-deps bench clean

# npm ci only when the lock file changed since the last install.
$(STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $(STAMP)

deps: $(STAMP)
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

# staticcheck is pinned in go.mod (go tool). govulncheck is not run: it needs
# vuln.go.dev, which this machine cannot resolve.
test-go: deps browser-deps s3-deps
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	$(GO) test -count=1 -timeout 30m ./...

test: typecheck test-go

# Debian's Chromium for the browser test; installed when missing and we may.
browser-deps:
	@command -v chromium >/dev/null 2>&1 || command -v "$$CHROMIUM" >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else echo "*** chromium is missing: install Debian's chromium package (the browser test will skip locally, fail in CI)"; fi; }

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
bench: deps
	$(GO) test -run '^$$' -bench . -benchtime 3s ./server/site/
	$(GO) test -run '^$$' -bench . ./server/cache/
	$(GO) test -run '^$$' -bench BenchmarkEncode12MP -benchtime 3x ./server/images/
	$(GO) test -run '^$$' -bench BenchmarkClinicListing -benchtime 500x ./server/catalog/
	$(GO) test -run '^$$' -bench 'BenchmarkSuggest' -benchtime 2000x -timeout 30m ./server/search/
	$(GO) test -run '^$$' -bench 'BenchmarkLargeSeed' -benchtime 1000x -timeout 30m ./server/booking/
	$(GO) test -run '^$$' -bench 'BenchmarkContention' -benchtime 5x -timeout 10m ./server/booking/

clean:
	rm -rf bin
