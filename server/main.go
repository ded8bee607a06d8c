// Command server is the Sog'liq site: one process that serves the
// server-rendered pages and their assets.
//
//	server [serve] [--demo] [--no-workers]
//	                          migrate, (with --demo) seed an empty database, serve
//	                          and run the job queue's workers (not with --no-workers)
//	server migrate            apply the migrations and exit
//	server seed [--scale N]   fill an empty database with demo data and exit
//	server role grant|revoke --phone +998XXXXXXXXX --role editor|admin|staff [--clinic SLUG]
//	                          give or take back a role (staff: of the clinic's desk), written to the audit log
//	server staff grant|revoke --phone +998XXXXXXXXX --clinic SLUG
//	                          the same as role ... --role staff
//	server search-reindex     rebuild the search index from the entities, purge cached suggestions and results, exit
//	server images import DIR  encode a folder of pictures into the media store and attach them to their entities
//	server bundle DIR         build the bundles into DIR for embedding and exit
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/redis/go-redis/v9"

	"sogliq/server/account"
	"sogliq/server/analytics"
	"sogliq/server/api"
	"sogliq/server/assets"
	"sogliq/server/cache"
	"sogliq/server/config"
	"sogliq/server/consultant"
	"sogliq/server/database"
	"sogliq/server/editorial"
	"sogliq/server/i18n"
	"sogliq/server/images"
	"sogliq/server/jobs"
	"sogliq/server/logsink"
	"sogliq/server/metrics"
	"sogliq/server/role"
	"sogliq/server/search"
	"sogliq/server/seed"
	"sogliq/server/site"
	"sogliq/server/telegram"
	"sogliq/server/warm"
	"sogliq/server/web"
	"sogliq/ssr"
)

func main() {
	// Lines are written in batches every 100 ms: one write per request
	// cost a cache hit more than the hit itself.
	sink := logsink.New(os.Stderr, 100*time.Millisecond)
	logger := slog.New(web.LogHandler(slog.NewTextHandler(sink, nil)))
	slog.SetDefault(logger)
	err := run(logger, os.Args[1:])
	if err != nil {
		logger.Error(err.Error())
	}
	_ = sink.Close()
	if err != nil {
		os.Exit(1)
	}
}

func run(logger *slog.Logger, args []string) error {
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	cmd := "serve"
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		fs := flag.NewFlagSet("serve", flag.ExitOnError)
		demo := fs.Bool("demo", false, "seed demo data into an empty database")
		noWorkers := fs.Bool("no-workers", false, "serve only: queue jobs, leave running them to other instances")
		_ = fs.Parse(args)
		return serve(ctx, logger, cfg, *demo, !*noWorkers)
	case "migrate":
		db, err := openDatabase(ctx, logger, cfg)
		if err != nil {
			return err
		}
		return db.Close()
	case "seed":
		fs := flag.NewFlagSet("seed", flag.ExitOnError)
		scale := fs.Int("scale", 1, "multiply clinics and doctors by N (50: ~100k doctors)")
		_ = fs.Parse(args)
		db, err := openDatabase(ctx, logger, cfg)
		if err != nil {
			return err
		}
		defer db.Close()
		if err := seed.Run(ctx, db, *scale, logger); err != nil {
			return err
		}
		media, err := mediaStore(ctx, cfg)
		if err != nil {
			return err
		}
		return seed.Media(ctx, images.New(media, logger), logger)
	case "staff":
		return staff(ctx, logger, cfg, args)
	case "role":
		return changeRole(ctx, logger, cfg, args)
	case "search-reindex":
		return reindex(ctx, logger, cfg)
	case "images":
		if len(args) != 2 || args[0] != "import" {
			return errors.New("usage: server images import DIR")
		}
		return importImages(ctx, logger, cfg, args[1])
	case "bundle":
		if len(args) != 1 {
			return errors.New("usage: server bundle DIR")
		}
		b, err := ssr.Build(ssr.BuildOptions{Root: cfg.Root, Minify: true})
		if err != nil {
			return err
		}
		return assets.Write(args[0], b)
	default:
		return fmt.Errorf("unknown command %q (serve, migrate, seed, role, staff, search-reindex, images, bundle)", cmd)
	}
}

// openDatabase connects (creating the database or a private cluster when
// needed), migrates and checks the schema is one this binary knows.
func openDatabase(ctx context.Context, logger *slog.Logger, cfg config.Config) (*sqlx.DB, error) {
	db, err := database.Prepare(ctx, cfg.DatabaseURL, logger)
	if err != nil {
		return nil, err
	}
	if err := database.Migrate(ctx, db); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// staff grants or revokes the staff role of a clinic:
// staff grant|revoke --phone +998XXXXXXXXX --clinic SLUG.
func staff(ctx context.Context, logger *slog.Logger, cfg config.Config, args []string) error {
	const usage = "usage: server staff grant|revoke --phone +998XXXXXXXXX --clinic SLUG"
	if len(args) == 0 || (args[0] != "grant" && args[0] != "revoke") {
		return errors.New(usage)
	}
	fs := flag.NewFlagSet("staff", flag.ExitOnError)
	rawPhone := fs.String("phone", "", "the staff member's phone, +998 and nine digits")
	clinic := fs.String("clinic", "", "the clinic's slug")
	_ = fs.Parse(args[1:])
	if *clinic == "" {
		return errors.New(usage)
	}
	return grantRole(ctx, logger, cfg, args[0] == "grant", *rawPhone, role.Staff, *clinic, usage)
}

// changeRole grants or revokes a role:
// role grant|revoke --phone +998XXXXXXXXX --role editor|admin|staff [--clinic SLUG].
func changeRole(ctx context.Context, logger *slog.Logger, cfg config.Config, args []string) error {
	const usage = "usage: server role grant|revoke --phone +998XXXXXXXXX --role editor|admin|staff [--clinic SLUG (staff only)]"
	if len(args) == 0 || (args[0] != "grant" && args[0] != "revoke") {
		return errors.New(usage)
	}
	fs := flag.NewFlagSet("role", flag.ExitOnError)
	rawPhone := fs.String("phone", "", "the user's phone, +998 and nine digits")
	name := fs.String("role", "", "editor, admin or staff")
	clinic := fs.String("clinic", "", "the clinic's slug (staff only)")
	_ = fs.Parse(args[1:])
	switch {
	case *name == role.Staff && *clinic == "",
		(*name == role.Editor || *name == role.Admin) && *clinic != "",
		*name != role.Staff && *name != role.Editor && *name != role.Admin:
		return errors.New(usage)
	}
	return grantRole(ctx, logger, cfg, args[0] == "grant", *rawPhone, *name, *clinic, usage)
}

// grantRole grants or revokes name to the user of rawPhone (at clinic for
// staff) and writes the change to the audit log (actor: the command line).
func grantRole(ctx context.Context, logger *slog.Logger, cfg config.Config, grant bool, rawPhone, name, clinic, usage string) error {
	phone, ok := account.ParsePhone(rawPhone)
	if !ok {
		return errors.New(usage)
	}
	db, err := openDatabase(ctx, logger, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	roles := role.NewStore(db)
	attrs := []any{slog.String("phone", account.DisplayPhone(phone)), slog.String("role", name), slog.String("clinic", clinic)}
	detail := map[string]any{"phone": phone, "role": name, "clinic": clinic, "by": "command line"}
	if grant {
		if err := roles.Grant(ctx, phone, name, clinic); err != nil {
			return err
		}
		logger.Info("role granted", attrs...)
		return editorial.NewStore(db).Audit(ctx, 0, "role.grant", detail)
	}
	had, err := roles.Revoke(ctx, phone, name, clinic)
	if err != nil {
		return err
	}
	logger.Info("role revoked", append(attrs, slog.Bool("had", had))...)
	return editorial.NewStore(db).Audit(ctx, 0, "role.revoke", detail)
}

// suggestPrefix starts the Redis keys of cached suggestion lists.
const suggestPrefix = "sogliq:suggest:"

// reindex rebuilds search_terms, then marks cached suggestion lists and
// search pages stale in every server sharing Redis (without Redis each
// server's in-process lists expire within the cache's fresh time).
func reindex(ctx context.Context, logger *slog.Logger, cfg config.Config) error {
	db, err := openDatabase(ctx, logger, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := search.ReindexDB(ctx, db); err != nil {
		return err
	}
	logger.Info("search: reindexed")
	if cfg.RedisURL == "" {
		return nil
	}
	rdb, err := cache.NewRedisClient(cfg.RedisURL)
	if err != nil {
		return err
	}
	defer rdb.Close()
	for _, prefix := range []string{"", suggestPrefix} {
		c := cache.New(rdb, cache.Options{Logger: logger, Prefix: prefix})
		err := c.Purge(ctx, search.CacheTag)
		c.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// mediaStore is where images live: the S3 bucket when S3_ENDPOINT is set,
// else the local directory MEDIA_DIR.
func mediaStore(ctx context.Context, cfg config.Config) (images.Store, error) {
	if cfg.S3Endpoint == "" {
		return images.Disk{Dir: cfg.MediaDir}, nil
	}
	return images.NewS3(ctx, images.S3Config{
		Endpoint: cfg.S3Endpoint, Bucket: cfg.S3Bucket, AccessKey: cfg.S3AccessKey, SecretKey: cfg.S3SecretKey, Region: cfg.S3Region,
	})
}

// importImages runs images.Import and reports each refused file with its
// reason in Russian (the dictionary's default language).
func importImages(ctx context.Context, logger *slog.Logger, cfg config.Config, dir string) error {
	db, err := openDatabase(ctx, logger, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	store, err := mediaStore(ctx, cfg)
	if err != nil {
		return err
	}
	dict, err := i18n.Load()
	if err != nil {
		return err
	}
	report, err := images.Import(ctx, db, images.New(store, logger), dir)
	for _, r := range report.Refused {
		msg := r.Err.Error()
		if e, ok := errors.AsType[*api.Error](r.Err); ok {
			msg = dict.T("ru", e.Key, e.Vars...)
		}
		logger.Warn("images: not imported", slog.String("file", r.File), slog.String("why", msg))
	}
	logger.Info("images: imported", slog.Int("stored", report.Stored), slog.Int("refused", len(report.Refused)))
	if err != nil {
		return err
	}
	if err := search.ReindexDB(ctx, db); err != nil {
		return err
	}
	return nil
}

// loadBundle takes the embedded bundle, or builds one from the source tree
// (always in DEV, where it is rebuilt on change).
func loadBundle(cfg config.Config) (*ssr.Bundle, error) {
	if !cfg.Dev {
		if b, ok, err := assets.Embedded(); err != nil || ok {
			return b, err
		}
	}
	return ssr.Build(ssr.BuildOptions{Root: cfg.Root, Minify: !cfg.Dev})
}

// smsSender is the SMS gateway of SMS_URL; without one, a development or
// demo site writes sign-in codes to its log, and any other has no sign-in.
func smsSender(cfg config.Config, demo bool, logger *slog.Logger) account.Sender {
	switch {
	case cfg.SMSURL != "":
		return &account.HTTPSender{URL: cfg.SMSURL, Token: cfg.SMSToken}
	case cfg.Dev || demo:
		return &account.LogSender{Logger: logger}
	default:
		logger.Warn("sign-in is unavailable: no SMS_URL")
		return nil
	}
}

// telegramBot is the bot of TELEGRAM_BOT_TOKEN, nil without one. Its
// username (for t.me links) is asked once; a Bot API that does not
// answer leaves it unknown and the rest working.
func telegramBot(ctx context.Context, cfg config.Config, logger *slog.Logger) *telegram.Bot {
	if cfg.TelegramBotToken == "" {
		return nil
	}
	bot := &telegram.Bot{APIURL: cfg.TelegramAPIURL, Token: string(cfg.TelegramBotToken.Bytes())}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := bot.GetMe(ctx); err != nil {
		logger.Warn("telegram: getMe failed", slog.Any("err", err))
	}
	logger.Info("telegram: bot", slog.String("username", bot.Name))
	return bot
}

// stopQueue lets the running jobs finish (up to 10 s; a job cut short is
// rescued and run again later by a working instance).
func stopQueue(queue *jobs.Queue, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := queue.Stop(ctx); err != nil {
		logger.Warn("stopping the job queue", slog.Any("err", err))
	}
}

// closeEvents writes the buffered page views (up to 10 s), after the
// HTTP server has drained: no accepted event is lost on SIGTERM.
func closeEvents(events *analytics.Writer, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	n := events.Pending()
	if err := events.Close(ctx); err != nil {
		logger.Error("analytics: events lost at shutdown", slog.Int("pending", events.Pending()), slog.Any("err", err))
		return
	}
	logger.Info("analytics: events written at shutdown", slog.Int("events", n))
}

// consultantModel is the model of LLM_URL; without one the consultant's
// pages say it is unavailable.
func consultantModel(cfg config.Config) consultant.Model {
	if cfg.LLMURL == "" {
		return nil
	}
	return &consultant.OpenAIModel{URL: cfg.LLMURL, Key: cfg.LLMKey, Model: cfg.LLMModel}
}

// serverBaseBytes is the heap of a serving process besides the page and
// fragment caches' bounds: the renderers' runtimes with React loaded, the
// suggestion cache, the hit index, the connection pools, the requests in
// flight, and room for the collector to work in. Measured after every
// sitemap URL was requested once (bench/hits.sh with GODEBUG=gctrace=1):
// 70 MB live. With 50 MiB here (90 MiB in all) the heap's goal met the
// live heap and the collector ran without pause (12,000 cycles in 260 s,
// 66% of the CPU, cache hits at 0.29 of the ceiling); with 80 MiB (120 MiB
// in all) it ran 2% and hits reached 0.85 (docs/operations.md, "Memory").
const serverBaseBytes = 80 << 20

// heapLimits keeps the soft limit of the Go heap (when GOMEMLIMIT is not
// set) at the base plus what the caches hold now (held), checked every
// second and moved when it changed by a MiB or more. Under a burst of cold
// renders the heap otherwise doubled to ~165 MB resident before each
// collection (GOGC=100); at the limit the collector runs sooner and the
// process stays near 130 MB at the same req/s (docs/operations.md,
// "Memory"). Following what the caches hold rather than their bounds
// leaves the collector the same room over the live heap whether the page
// cache is full of hot pages or a crawl went through (the page cache then
// holds an eighth of its bound, server/cache's twoQ), so a full cache
// never makes the collector thrash and an empty one costs no memory.
func heapLimits(ctx context.Context, logger *slog.Logger, held func() int64) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return
	}
	const step = 1 << 20
	limit := serverBaseBytes + held()
	debug.SetMemoryLimit(limit)
	logger.Info("heap limit", slog.Int64("mb", limit>>20), slog.String("follows", "the caches' bytes"))
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if next := serverBaseBytes + held(); next-limit >= step || limit-next >= step {
					limit = next
					debug.SetMemoryLimit(limit)
				}
			}
		}
	}()
}

func serve(ctx context.Context, logger *slog.Logger, cfg config.Config, demo, work bool) error {
	logger.Info("starting", slog.Any("config", cfg))
	db, err := openDatabase(ctx, logger, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	media, err := mediaStore(ctx, cfg)
	if err != nil {
		return err
	}
	if demo {
		if err := seed.Run(ctx, db, 1, logger); err != nil {
			return err
		}
		// The demo pictures, encoded once into the store (a later start
		// finds them there by hash).
		if err := seed.Media(ctx, images.New(media, logger), logger); err != nil {
			return err
		}
	}
	// Migrations and seeding ran on a pool without limits; visitors are
	// served from one with the database deadlines.
	limits := database.DefaultLimits
	limits.Timeout = cfg.DBTimeout
	serving, err := database.OpenServing(ctx, cfg.DatabaseURL, limits)
	if err != nil {
		return err
	}
	defer serving.Close()
	var rdb *redis.Client
	if cfg.RedisURL != "" {
		if rdb, err = cache.NewRedisClient(cfg.RedisURL); err != nil {
			return err
		}
		defer rdb.Close()
	}
	// Stale pages are refreshed in the background by at most half the
	// runtimes, so first-time renders always keep the other half.
	// Cards rendered once for every page that shows them; dropped by the
	// pages' tags.
	fragments := ssr.NewFragments(0)
	pages := cache.New(rdb, cache.Options{Logger: logger, LocalBytes: cfg.PageCacheBytes, ServeExpired: database.Unavailable, Refreshes: max(1, cfg.RenderPool/2), OnPurge: func(tags []string) { fragments.Purge(tags...) }})
	defer pages.Close()
	if rdb != nil {
		// With Redis, a card rendered once serves every instance and
		// outlives restarts and deploys of the same build.
		fragments.Share(pages)
	}
	// Suggestion lists live 5 minutes in Redis (one per distinct query: a
	// short life bounds what arbitrary queries store) and 1000 in process.
	suggestions := cache.New(rdb, cache.Options{Logger: logger, Name: "suggestions", Prefix: suggestPrefix, FreshFor: time.Minute, StaleFor: 4 * time.Minute})
	defer suggestions.Close()
	heapLimits(ctx, logger, func() int64 { return pages.LocalBytes() + suggestions.LocalBytes() + fragments.Bytes() })

	bundle, err := loadBundle(cfg)
	if err != nil {
		return err
	}
	engine, err := ssr.NewEngine(bundle, ssr.Options{
		Size: cfg.RenderPool, Timeout: cfg.RenderTimeout, Logger: logger,
		OnWait: metrics.PoolWait, OnReplace: metrics.RuntimeReplaced, OnFallback: metrics.StaticFallback, Fragments: fragments,
	})
	if err != nil {
		return err
	}
	if cfg.Dev {
		go ssr.Watch(ctx, ssr.BuildOptions{Root: cfg.Root}, engine, logger)
	}

	sms := smsSender(cfg, demo, logger)
	bot := telegramBot(ctx, cfg, logger)
	// The queue's workers hold a transaction open while the SMS gateway
	// answers: they use the pool without the visitors' deadlines.
	queue, err := site.NewQueue(db, site.QueueOptions{
		Work: work, SMS: sms, PublicURL: cfg.PublicURL, Logger: logger,
		Pages: pages, Suggestions: suggestions, RetentionMonths: cfg.AnalyticsRetentionMonths, Telegram: bot,
	})
	if err != nil {
		return err
	}
	if err := queue.Start(ctx); err != nil {
		return err
	}
	defer stopQueue(queue, logger)

	// Page views wait in memory for their batch: after the HTTP server
	// has stopped taking requests, the rest is written before exit.
	// The page views are written in the background, on the pool without
	// the serving deadlines: a COPY of a large batch on a loaded database
	// may take longer than a visitor should wait (CI saw the 1.5 s read
	// deadline break the connection of the shutdown's flush).
	events := analytics.NewWriter(db, analytics.WriterOptions{Every: cfg.AnalyticsFlush, Logger: logger})
	defer closeEvents(events, logger)

	server, err := site.New(ctx, site.Deps{
		DB: serving, StaffDB: db, DBBudget: cfg.DBTimeout, Engine: engine, Cache: pages, Suggestions: suggestions, PublicURL: cfg.PublicURL, HSTS: cfg.HSTS, Logger: logger,
		GeoIPURL: cfg.GeoIPURL, GeoIPDB: cfg.GeoIPDB, TrustedProxies: cfg.TrustedProxies,
		SMS: sms, Consultant: consultantModel(cfg), Queue: queue, Media: media,
		Events: events, Analytics: web.Counters{GA4: cfg.GA4ID, Yandex: cfg.YandexMetricaID}, AddClinicURL: cfg.AddClinicURL,
		PreviewSecret: cfg.PreviewSecret.Bytes(), DocumentsDir: filepath.Join(cfg.MediaDir, "private", "documents"),
		Telegram: bot, TelegramWebhookSecret: string(cfg.TelegramWebhookSecret.Bytes()),
	})
	if err != nil {
		return err
	}
	if cfg.Warm && rdb != nil {
		// Cards rendered ahead of visitors, shared through Redis.
		go warm.New(serving, server, engine, warm.Options{Logger: logger}).Run(ctx)
	}
	if cfg.MetricsAddr != "" {
		addr, err := metrics.Serve(ctx, cfg.MetricsAddr, logger)
		if err != nil {
			return fmt.Errorf("metrics: %w", err)
		}
		logger.Info("metrics", slog.String("addr", addr.String()))
	}
	app := server.App()
	errc := make(chan error, 1)
	go func() { errc <- app.Listen(cfg.Addr) }()
	logger.Info("serving", slog.String("addr", cfg.Addr), slog.String("build", bundle.ID), slog.Bool("workers", work))
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return app.ShutdownWithContext(shutdownCtx)
}
