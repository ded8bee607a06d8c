// Package site assembles the web application from its parts: the route
// table, the dictionaries, the reference data and every domain's page
// loaders. main and the end-to-end tests build the same app through it.
package site

import (
	"context"
	"crypto/rand"
	"database/sql"
	"log/slog"
	"net/netip"
	"os"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"

	"sogliq/server/account"
	"sogliq/server/analytics"
	"sogliq/server/api"
	"sogliq/server/apidoc"
	"sogliq/server/booking"
	"sogliq/server/cache"
	"sogliq/server/catalog"
	"sogliq/server/consultant"
	"sogliq/server/content"
	"sogliq/server/desk"
	"sogliq/server/documents"
	"sogliq/server/editorial"
	"sogliq/server/home"
	"sogliq/server/i18n"
	"sogliq/server/images"
	"sogliq/server/jobs"
	"sogliq/server/knowledge"
	"sogliq/server/page"
	"sogliq/server/product"
	"sogliq/server/promotion"
	"sogliq/server/region"
	"sogliq/server/review"
	"sogliq/server/role"
	"sogliq/server/route"
	"sogliq/server/search"
	"sogliq/server/seo"
	"sogliq/server/sitemap"
	"sogliq/server/slughistory"
	"sogliq/server/telegram"
	"sogliq/server/web"
	"sogliq/shared"
	"sogliq/ssr"
)

// Deps are the running services the site needs.
type Deps struct {
	DB *sqlx.DB
	// StaffDB is the pool without the serving deadlines, for the editors'
	// work (a publication refreshes derived data and reindexes); nil: DB.
	StaffDB *sqlx.DB
	// DBBudget is how long one request may wait on the database (zero:
	// web's default).
	DBBudget  time.Duration
	Engine    *ssr.Engine
	Cache     *cache.Cache
	PublicURL string
	// HSTS sends Strict-Transport-Security (config.HSTS).
	HSTS   bool
	Logger *slog.Logger
	// Suggestions caches suggestion lists (its own instance, so they do not
	// crowd pages out of the local layer); nil: an in-process one.
	Suggestions *cache.Cache
	// GeoIPURL is the IP location service of region detection; empty for none.
	GeoIPURL string
	// GeoIPDB is a MaxMind-format city database, used instead of GeoIPURL
	// when set.
	GeoIPDB string
	// TrustedProxies are the peers whose X-Forwarded-For names the client.
	TrustedProxies []netip.Prefix
	// SMS delivers sign-in codes; nil means sign-in is unavailable.
	SMS account.Sender
	// SignInCodesPerAddress is how many sign-in codes one address may have
	// sent in an hour (zero: account.CodesPerIP).
	SignInCodesPerAddress int
	// Consultant is the AI consultant's model; nil means it is unavailable.
	Consultant consultant.Model
	// Queue takes the jobs the requests ask for (NewQueue), inserted in
	// their own transactions; nil queues none (no booking SMS).
	Queue *jobs.Queue
	// Media holds the images served under /media/; nil serves none.
	Media images.Store
	// Events buffers page views, track-events and searches; nil makes one
	// (flushed every second; main passes its own to flush it on SIGTERM).
	Events *analytics.Writer
	// Analytics are the third-party counters' ids (empty: none loaded).
	Analytics web.Counters
	// AddClinicURL is the header's "add a clinic" link (empty: limits.json's).
	AddClinicURL string
	// PreviewSecret signs editors' preview links and the links to visits'
	// documents; empty: a random one.
	PreviewSecret []byte
	// DocumentsDir is the private directory of the documents patients
	// attach to visits (never served as static files); empty: a new
	// temporary directory.
	DocumentsDir string
	// Telegram is the bot (TelegramBot); nil turns Telegram off: no
	// sign-in with it, the webhook answers 404.
	Telegram *telegram.Bot
	// TelegramWebhookSecret is the webhook's secret_token.
	TelegramWebhookSecret string
}

// New builds the web server; its App method gives the Fiber app. The redirect
// tables reload when any instance sharing d.Cache changes them, and every
// minute, until ctx ends.
func New(ctx context.Context, d Deps) (*web.Server, error) {
	routes, err := route.Load()
	if err != nil {
		return nil, err
	}
	dict, err := i18n.Load()
	if err != nil {
		return nil, err
	}
	limits, err := shared.ReadLimits()
	if err != nil {
		return nil, err
	}
	regions, err := region.NewStore(d.DB).Regions(ctx)
	if err != nil {
		return nil, err
	}
	regionHandler, err := regionAPI(d, limits)
	if err != nil {
		return nil, err
	}
	suggestions := d.Suggestions
	if suggestions == nil {
		suggestions = cache.New(nil, cache.Options{Logger: d.Logger})
	}
	// One store: its bound on concurrent searches covers the API and the results page.
	searches := search.NewStore(d.DB)
	redirects := seo.NewRedirects(d.DB, seo.SEORedirects, d.Logger)
	rules := seo.NewRedirects(d.DB, seo.RouteRules, d.Logger)
	accounts := account.NewStore(d.DB)
	accounts.CodesPerAddress = d.SignInCodesPerAddress
	bookings := booking.NewStore(d.DB)
	if d.Queue != nil {
		bookings.Queue = d.Queue
	}
	secret, err := signingSecret(d.PreviewSecret)
	if err != nil {
		return nil, err
	}
	// One pipeline, so an editor's picture and a patient's scan take turns
	// in the same decoding slot.
	pictures := images.New(d.Media, d.Logger)
	docs, err := documentStore(d, secret, pictures)
	if err != nil {
		return nil, err
	}
	// Deleting an account cancels the patient's upcoming visits, strips
	// them from every visit and deletes their documents' rows, in the
	// deletion's transaction; the documents' files go once it commits.
	accounts.Forget = func(ctx context.Context, tx *sqlx.Tx, id int64, now time.Time) error {
		if err := bookings.ForgetPatient(ctx, tx, id, now); err != nil {
			return err
		}
		return docs.Forget(ctx, tx, id)
	}
	accounts.Forgotten = docs.Forgotten
	desks := desk.NewStore(d.DB)
	desks.Waitlist = bookings
	desks.Documents = docs
	go hourly(ctx, "expired sessions", accounts.Purge, d.Logger)
	go hourly(ctx, "documents' leftover files", docs.Sweep, d.Logger)
	if d.Telegram != nil {
		// Used sign-in payloads, old updates and lapsed link codes.
		go hourly(ctx, "telegram's used payloads", telegram.NewStore(d.DB).Purge, d.Logger)
	}
	accountHandler := &account.Handler{
		Store: accounts, Sender: d.SMS, Dict: dict, Logger: d.Logger,
		SecureCookies: strings.HasPrefix(d.PublicURL, "https://"),
	}
	bookingHandler := &booking.Handler{
		Store: bookings, Accounts: accounts, Dict: dict,
		TrustedProxies: d.TrustedProxies, PublicURL: d.PublicURL, Logger: d.Logger,
	}
	events := d.Events
	if events == nil {
		events = analytics.NewWriter(d.DB, analytics.WriterOptions{Logger: d.Logger})
	}
	if err := analytics.EnsurePartitions(ctx, d.DB, time.Now()); err != nil {
		return nil, err
	}
	searches.Searched = func(q, lang string, regionID int64, results int) {
		events.AddSearch(analytics.Search{At: time.Now(), Query: q, Lang: lang, RegionID: regionID, Results: results})
	}
	editor, err := editorHandler(d, routes, dict, accounts, suggestions, secret, pictures)
	if err != nil {
		return nil, err
	}
	editor.Redirects = map[string]*seo.Redirects{"redirects": redirects, "rules": rules}
	// The serving catalog forgets the specialties it holds when an editor
	// changes one, here or on another instance (catalog.references).
	doctors := catalog.NewServingStore(d.DB)
	doctors.Follow(d.Cache)
	pages := loaders(d.DB, doctors, limits, d.PublicURL, accounts, searches, d.Consultant != nil, dict, docs)
	for name, l := range editorial.Pages(editor) {
		pages[name] = l
	}
	for _, r := range []*seo.Redirects{redirects, rules} {
		if err := r.Load(ctx); err != nil {
			return nil, err
		}
		// An editor's change reaches every instance sharing Redis over the
		// page cache's pub/sub; the minute's reload catches a lost message.
		r.Follow(ctx, d.Cache)
		go r.Refresh(ctx, time.Minute)
	}
	doc, err := APIDocument()
	if err != nil {
		return nil, err
	}
	server, err := web.New(web.Deps{
		PublicURL:      d.PublicURL,
		HSTS:           d.HSTS,
		Engine:         d.Engine,
		Cache:          d.Cache,
		Routes:         routes,
		Dict:           dict,
		Regions:        regions,
		Loaders:        pages,
		Files:          promotion.Certificates(promotion.NewStore(d.DB), dict),
		Redirects:      redirects,
		RouteRules:     rules,
		Slugs:          slughistory.NewStore(d.DB),
		Sessions:       accounts,
		TrustedProxies: d.TrustedProxies,
		Handlers: []web.Registrar{
			&sitemap.Handler{Origin: d.PublicURL, Sources: sitemapSources(d.DB, routes), Logger: d.Logger},
			&apidoc.Handler{Doc: doc, Dict: dict},
			regionHandler,
			&search.Handler{Store: searches, Cache: suggestions, Regions: regions, Dict: dict, PublicURL: d.PublicURL},
			&analytics.Handler{
				Writer: events, Routes: routes, DB: d.DB,
				Limit: &analytics.Limiter{PerDevice: limits.AnalyticsPerDevicePerMinute, PerAddress: limits.AnalyticsPerAddressPerMinute},
			},
			accountHandler,
			&telegram.Handler{
				Bot: d.Telegram, Store: telegram.NewStore(d.DB), WebhookSecret: d.TelegramWebhookSecret,
				Accounts: accounts, Account: accountHandler, Bookings: bookings, Roles: role.NewStore(d.DB),
				Dict: dict, PublicURL: d.PublicURL, Logger: d.Logger,
			},
			&images.Handler{Store: d.Media, Logger: d.Logger},
			&consultant.Handler{Store: consultant.NewStore(d.DB), Accounts: accounts, Model: d.Consultant, Logger: d.Logger},
			&review.Handler{Store: review.NewStore(d.DB), Accounts: accounts, Roles: role.NewStore(d.DB), Pages: d.Cache, Logger: d.Logger},
			&desk.Handler{Store: desks, Bookings: bookings, Roles: role.NewStore(d.DB), Accounts: accounts, Dict: dict},
			&documents.Handler{Store: docs, Accounts: accounts},
			editor,
			bookingHandler,
		},
		Admission: []fiber.Handler{bookingHandler.Admit},
		DB:        d.DB,
		DBBudget:  d.DBBudget,
		// The consultant waits on the model (60 s), a code request on the
		// SMS gateway (10 s), the bot's webhook on the Bot API (10 s).
		OutboundPaths: []string{"/api/consultant/", "/api/auth/code", "/api/telegram/webhook"},
		StaffPaths:    []string{"/api/editor/"},
		// Sign-out and account deletion are plain forms too (they work
		// without JavaScript); the editor uploads pictures, a patient a
		// visit's document (a multipart form).
		Bodies:       api.BodyRules{Forms: []string{"/api/auth/logout", "/api/account/delete"}, Uploads: []string{"/api/editor/images", "/api/documents"}},
		Logger:       d.Logger,
		Counters:     d.Analytics,
		AddClinicURL: d.AddClinicURL,
		Telegram:     telegramBot(d.Telegram),
	})
	if err != nil {
		return nil, err
	}
	// A redirect may only leave a page that is gone, as this server sees it.
	redirects.Pages, rules.Pages = server, server
	// A preview renders through this server with every loader reading
	// the preview's database (the draft applied in its transaction).
	editor.Render = func(ctx context.Context, db *sqlx.DB, target string) (string, error) {
		return server.RenderPreview(ctx, target, loaders(db, catalog.NewStore(db), limits, d.PublicURL, account.NewStore(db), search.NewStore(db), d.Consultant != nil, dict, docs))
	}
	// Error pages come from memory: the moment a page fails is often the
	// moment every renderer is busy. One that cannot be rendered now is
	// rendered when first needed (or written by hand, as before).
	if err := server.WarmErrorPages(ctx); err != nil {
		d.Logger.WarnContext(ctx, "error pages not rendered at start", slog.Any("err", err))
	}
	return server, nil
}

// editorHandler is the editors' API; its Render is set once the web
// server exists.
func editorHandler(d Deps, routes *route.Table, dict *i18n.Dict, accounts *account.Store, suggestions *cache.Cache, secret []byte, pictures *images.Pipeline) (*editorial.Handler, error) {
	db := d.StaffDB
	if db == nil {
		db = d.DB
	}
	h := &editorial.Handler{
		Store: editorial.NewStore(db), DB: db, Roles: role.NewStore(db), Accounts: accounts,
		Dict: dict, Routes: routes, Pages: d.Cache, Suggestions: suggestions, Secret: secret,
	}
	if d.Media != nil {
		h.Images = pictures
	}
	if d.Queue != nil {
		h.Enqueue = func(ctx context.Context, tx *sql.Tx, kind string, id int64, at time.Time) error {
			return d.Queue.InsertTx(ctx, tx, editorial.PublishArgs{Entity: kind, ID: id}, &river.InsertOpts{ScheduledAt: at})
		}
	}
	return h, nil
}

// deskStore is the desk's store on db, showing visits' documents from docs.
func deskStore(db *sqlx.DB, docs *documents.Store) *desk.Store {
	s := desk.NewStore(db)
	s.Documents = docs
	return s
}

// signingSecret is the key of preview links and documents' links: the
// configured one, else a random one for this process.
func signingSecret(configured []byte) ([]byte, error) {
	if len(configured) > 0 {
		return configured, nil
	}
	secret := make([]byte, 32)
	_, err := rand.Read(secret)
	return secret, err
}

// documentStore keeps visits' documents in d.DocumentsDir (a temporary
// directory when unset), checking pictures with pictures.
func documentStore(d Deps, secret []byte, pictures *images.Pipeline) (*documents.Store, error) {
	dir := d.DocumentsDir
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "sogliq-documents-"); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	docs := documents.NewStore(d.DB, dir, secret, pictures)
	docs.StaffClinics = role.NewStore(d.DB).StaffClinics
	docs.Logger = d.Logger
	return docs, nil
}

// hourly runs purge every hour until ctx ends, logging what failed.
func hourly(ctx context.Context, what string, purge func(context.Context, time.Time) error, logger *slog.Logger) {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			if err := purge(ctx, now); err != nil && ctx.Err() == nil {
				logger.WarnContext(ctx, "purging "+what+" failed", slog.Any("err", err))
			}
		}
	}
}

// telegramBot is what pages show of the bot; nil without one.
func telegramBot(bot *telegram.Bot) *web.TelegramBot {
	if bot == nil {
		return nil
	}
	return &web.TelegramBot{Username: bot.Name, ID: bot.ID()}
}

// regionAPI is the locations API with IP detection through d.GeoIPDB or
// d.GeoIPURL; a database that does not open stops the start.
func regionAPI(d Deps, limits shared.Limits) (*region.Handler, error) {
	detector := &region.Detector{Logger: d.Logger}
	switch {
	case d.GeoIPDB != "":
		db, err := region.OpenMMDB(d.GeoIPDB)
		if err != nil {
			return nil, err
		}
		detector.Locator = db
	case d.GeoIPURL != "":
		detector.Locator = &region.HTTPLocator{URL: d.GeoIPURL}
	}
	return &region.Handler{
		Store:    region.NewStore(d.DB),
		PerPage:  limits.LocationsPerPage,
		Detector: detector,
		Logger:   d.Logger,
	}, nil
}

// APIDocument is the OpenAPI document of every /api route, served at
// /api/openapi.json and /api/docs; a domain with routes adds its part here
// (TestOpenAPIRoutes fails until it does).
func APIDocument() (apidoc.Document, error) {
	info := map[string]any{
		"title":   "Sog'liq API",
		"version": "1.0.0",
		"description": `The JSON API of Sog'liq's pages and mobile app. Answers are {"data": ...}; errors {"error": message, "fields"?: {...}} ` +
			`in the ?lang= language (ru default, uz). Times are RFC 3339 in Tashkent (UTC+5), dates YYYY-MM-DD, money whole so'm. ` +
			`State-changing calls take JSON bodies (415 otherwise) and refuse cross-site browser requests (403).`,
	}
	return apidoc.Build(info, []apidoc.Fragment{booking.APIFragment()},
		apidoc.Ops(), web.APIDoc(), account.APIDoc(), region.APIDoc(), search.APIDoc(), analytics.APIDoc(),
		consultant.APIDoc(), review.APIDoc(), desk.APIDoc(), documents.APIDoc(), editorial.APIDoc(), booking.APIDoc(), telegram.APIDoc())
}

// sitemapSources collects every domain's sitemap sources; a new domain adds its own here.
func sitemapSources(db *sqlx.DB, routes *route.Table) []sitemap.Source {
	var all []sitemap.Source
	for _, domain := range [][]sitemap.Source{
		catalog.SitemapSources(db, routes),
		knowledge.SitemapSources(db, routes),
		product.SitemapSources(db, routes),
		content.SitemapSources(db, routes),
		promotion.SitemapSources(db, routes),
	} {
		all = append(all, domain...)
	}
	return all
}

// loaders collects every domain's page loaders; a new domain adds its map
// here. doctors is the catalog over db (the serving one follows purges).
func loaders(db *sqlx.DB, doctors *catalog.Store, limits shared.Limits, publicURL string, accounts *account.Store, searches *search.Store, consultantOn bool, dict *i18n.Dict, docs *documents.Store) page.Loaders {
	all := page.Loaders{}
	for _, domain := range []page.Loaders{
		catalog.Pages(doctors, limits.DoctorsPerPage, time.Now),
		home.Pages(doctors, promotion.NewStore(db), content.NewStore(db)),
		catalog.ProviderPages(doctors, limits.ClinicsPerPage, time.Now),
		knowledge.Pages(knowledge.NewStore(db), doctors),
		product.Pages(product.NewStore(db), limits.ProductsPerPage),
		content.Pages(content.NewStore(db), limits.PostsPerPage),
		promotion.Pages(promotion.NewStore(db), limits.PromotionsPerPage),
		search.Pages(searches, publicURL),
		account.Pages(accounts, time.Now),
		consultant.Pages(consultant.NewStore(db), consultantOn),
		booking.Pages(booking.NewStore(db), dict, publicURL, time.Now, docs),
		desk.Pages(deskStore(db, docs), role.NewStore(db), time.Now),
		analytics.Pages(db, role.NewStore(db), time.Now),
	} {
		for name, l := range domain {
			all[name] = l
		}
	}
	return all
}
