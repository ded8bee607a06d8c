// Package sitetest starts the whole site for tests: a fresh seeded
// database, the real bundles and engine, the page cache and a listener on
// loopback.
package sitetest

import (
	"context"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"
	"github.com/redis/go-redis/v9"

	"sogliq/server/account"
	"sogliq/server/analytics"
	"sogliq/server/cache"
	"sogliq/server/cache/redistest"
	"sogliq/server/consultant"
	"sogliq/server/database"
	"sogliq/server/database/dbtest"
	"sogliq/server/images"
	"sogliq/server/jobs"
	"sogliq/server/metrics"
	"sogliq/server/seed"
	"sogliq/server/site"
	"sogliq/server/telegram"
	"sogliq/server/web"
	"sogliq/ssr"
)

// Options tune the site under test.
type Options struct {
	// Redis, when set, backs the page cache; nil is the in-process cache alone.
	Redis *redis.Client
	// RenderTimeout is the render deadline (default 2s).
	RenderTimeout time.Duration
	// PoolSize is the number of goja runtimes (default 2).
	PoolSize int
	// Uncached makes every page entry expire at once, for benchmarks of
	// the render path.
	Uncached bool
	// RedisTimeout bounds the page cache's Redis calls (cache default
	// when zero; tests on a loaded machine set 2s).
	RedisTimeout time.Duration
	// PageCacheBytes bounds the page cache's in-process layer (zero: the
	// cache's default), so a test can make pages live in Redis alone.
	PageCacheBytes int64
	// NoFragments renders every card in place (no ssr.Fragments), for
	// comparing pages with and without reused cards.
	NoFragments bool
	// React renders pages with react-dom/server instead of the bundle's
	// static renderer, for comparing the two (ssr.Options.React).
	React bool
	// Log receives the server's logs (default: discarded unless -v).
	Log io.Writer
	// GeoIPURL is the IP location service region detection asks (a stub
	// on loopback in tests); empty means none.
	GeoIPURL string
	// SMS delivers sign-in codes (an account.HTTPSender to a gateway on
	// loopback in tests); nil means sign-in is unavailable.
	SMS account.Sender
	// SignInCodesPerAddress raises the hourly sign-in codes one address
	// may ask (zero: account.CodesPerIP), for a suite of many patients who
	// all come from 127.0.0.1.
	SignInCodesPerAddress int
	// Consultant is the AI consultant's model (a fake one on loopback in
	// tests); nil means the consultant is unavailable.
	Consultant consultant.Model
	// DBBudget is the per-request database budget (zero: the default).
	DBBudget time.Duration
	// Counters are the third-party analytics ids (none by default).
	Counters web.Counters
	// AddClinicURL is the header's "add a clinic" link (empty: limits.json's).
	AddClinicURL string
	// Telegram is the bot (a fake Bot API on loopback in tests, signed
	// with the test's token); nil: Telegram is off.
	Telegram *telegram.Bot
	// TelegramWebhookSecret is the webhook's secret with Telegram.
	TelegramWebhookSecret string
	// Clock is the job queue's time (nil: the wall clock); its workers
	// always run, sending the booking SMS through SMS.
	Clock jobs.Clock
	// Serving, when set, is the pool requests are served from (the one
	// with the database deadlines, database.OpenServing), as in
	// production; the job queue and the editors' work keep the test's
	// pool. Nil: everything on the test's pool.
	Serving *sqlx.DB
}

// Site is a running site.
type Site struct {
	// URL is the base URL, e.g. http://127.0.0.1:41234, no trailing slash.
	URL    string
	DB     *sqlx.DB
	Cache  *cache.Cache
	Engine *ssr.Engine
	// Fragments is the engine's card store; nil with NoFragments.
	Fragments *ssr.Fragments
	Server    *web.Server
	// App is the running Fiber app (its route list, for tests that walk
	// every route).
	App *fiber.App
	// Events is the site's analytics writer (Flush it before reading
	// analytic_events).
	Events *analytics.Writer
}

var (
	mediaOnce sync.Once
	mediaErr  error
)

// Media is the store of the demo pictures, filled through the real
// pipeline once per test binary. Files are named by their content, so one
// directory serves every test process and run: only the first encodes.
func Media(t testing.TB) images.Store {
	t.Helper()
	store := images.Disk{Dir: filepath.Join(os.TempDir(), "sogliq-test-media")}
	mediaOnce.Do(func() { mediaErr = seed.Media(context.Background(), images.New(store, nil), nil) })
	if mediaErr != nil {
		t.Fatalf("sitetest: demo pictures: %v", mediaErr)
	}
	return store
}

// builtBundle is a bundle built once per test binary.
type builtBundle struct {
	once   sync.Once
	bundle *ssr.Bundle
	err    error
}

func (b *builtBundle) get(t testing.TB, opts ssr.BuildOptions) *ssr.Bundle {
	t.Helper()
	b.once.Do(func() {
		opts.Root, opts.Minify = RepoRoot(t), true
		b.bundle, b.err = ssr.Build(opts)
	})
	if b.err != nil {
		t.Fatalf("building the bundles (did npm ci run?): %v", b.err)
	}
	return b.bundle
}

var bundle, jsxBundle builtBundle

// Bundle builds the real client bundles once per test binary.
func Bundle(t testing.TB) *ssr.Bundle { return bundle.get(t, ssr.BuildOptions{}) }

// JSXBundle is Bundle with the server's JSX left as React elements (no
// templates): the site of Options.React renders the components as
// written, which the templates are compared with.
func JSXBundle(t testing.TB) *ssr.Bundle { return jsxBundle.get(t, ssr.BuildOptions{KeepJSX: true}) }

// RepoRoot finds the directory holding go.mod.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("sitetest: no go.mod above the working directory")
		}
		dir = parent
	}
}

// Start runs the site on a fresh seeded database until the test ends.
func Start(t testing.TB, opts Options) *Site {
	t.Helper()
	db := dbtest.NewSeeded(t)
	return StartWithDB(t, db, opts)
}

// StartWithDB runs the site on db.
func StartWithDB(t testing.TB, db *sqlx.DB, opts Options) *Site {
	t.Helper()
	if opts.PoolSize == 0 {
		opts.PoolSize = 2
	}
	if opts.Log == nil {
		opts.Log = io.Discard
		if testing.Verbose() {
			opts.Log = os.Stderr
		}
	}
	logger := slog.New(slog.NewTextHandler(opts.Log, nil))
	var fragments *ssr.Fragments
	if !opts.NoFragments {
		fragments = ssr.NewFragments(0)
	}
	bundle := Bundle(t)
	if opts.React {
		bundle = JSXBundle(t)
	}
	engine, err := ssr.NewEngine(bundle, ssr.Options{
		Size: opts.PoolSize, Timeout: opts.RenderTimeout, Logger: logger,
		OnWait: metrics.PoolWait, OnReplace: metrics.RuntimeReplaced, OnFallback: metrics.StaticFallback, Fragments: fragments,
		React: opts.React,
	})
	if err != nil {
		t.Fatal(err)
	}
	cacheOpts := cache.Options{Logger: logger, Prefix: "sogliq-test:" + t.Name() + ":", ServeExpired: database.Unavailable}
	cacheOpts.RedisTimeout = opts.RedisTimeout
	cacheOpts.LocalBytes = opts.PageCacheBytes
	if fragments != nil {
		cacheOpts.OnPurge = func(tags []string) { fragments.Purge(tags...) }
	}
	if opts.Uncached {
		cacheOpts.LocalBytes, cacheOpts.Cap = -1, time.Nanosecond
	}
	pages := cache.New(opts.Redis, cacheOpts)
	t.Cleanup(func() { pages.Close() })
	if fragments != nil && opts.Redis != nil {
		fragments.Share(pages)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String()
	queue, err := site.NewQueue(db, site.QueueOptions{Work: true, SMS: opts.SMS, PublicURL: url, Clock: opts.Clock, PollInterval: 200 * time.Millisecond, Logger: logger, Pages: pages, Telegram: opts.Telegram})
	if err != nil {
		t.Fatal(err)
	}
	if err := queue.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = queue.Stop(ctx)
	})
	events := analytics.NewWriter(db, analytics.WriterOptions{Logger: logger})
	t.Cleanup(func() { _ = events.Close(context.Background()) })
	serving := db
	if opts.Serving != nil {
		serving = opts.Serving
	}
	server, err := site.New(context.Background(), site.Deps{DB: serving, StaffDB: db, Engine: engine, Cache: pages, PublicURL: url, Logger: logger, DBBudget: opts.DBBudget, GeoIPURL: opts.GeoIPURL, SMS: opts.SMS, SignInCodesPerAddress: opts.SignInCodesPerAddress, Consultant: opts.Consultant, Queue: queue, Media: Media(t), DocumentsDir: t.TempDir(), Events: events, Analytics: opts.Counters, AddClinicURL: opts.AddClinicURL,
		Telegram: opts.Telegram, TelegramWebhookSecret: opts.TelegramWebhookSecret})
	if err != nil {
		t.Fatal(err)
	}
	app := server.App()
	go func() { _ = app.Listener(ln) }()
	t.Cleanup(func() { _ = app.ShutdownWithTimeout(5 * time.Second) })
	return &Site{URL: url, DB: db, Cache: pages, Engine: engine, Fragments: fragments, Server: server, App: app, Events: events}
}

// Redis starts a private redis-server for the test (redistest) and
// returns a client of it, closed when the test ends.
func Redis(t testing.TB) *redis.Client {
	t.Helper()
	rdb, err := cache.NewRedisClient(redistest.Start(t).URL())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rdb.Close() })
	return rdb
}
