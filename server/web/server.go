// Package web is the HTTP layer: the Fiber app, its middleware, the route
// checks of spec §4, the page cache lookup and the assembly of the props the
// React document renders from.
package web

import (
	"context"
	"fmt"
	"log/slog"
	"net/netip"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/compress"
	"github.com/jmoiron/sqlx"

	"sogliq/server/api"
	"sogliq/server/cache"
	"sogliq/server/clientip"
	"sogliq/server/i18n"
	"sogliq/server/images"
	"sogliq/server/page"
	"sogliq/server/region"
	"sogliq/server/route"
	"sogliq/shared"
	"sogliq/ssr"
)

// Deps is everything the web layer serves from.
type Deps struct {
	// PublicURL is the site's origin for canonical and alternate links,
	// e.g. "https://sogliq.uz", without a trailing slash.
	PublicURL string
	// HSTS sends Strict-Transport-Security on every answer: the browser
	// then never tries the site over plain HTTP for a year.
	HSTS   bool
	Engine *ssr.Engine
	Cache  *cache.Cache
	Routes *route.Table
	Dict   *i18n.Dict
	// Regions are the regions in display order; they change only with a
	// migration, so they are read once at start.
	Regions []region.Region
	Loaders page.Loaders
	// Redirects answers where a moved path went (spec §4 check 2); nil for none.
	Redirects RedirectLookup
	// RouteRules are the configured legacy redirects (check 6); nil for none.
	RouteRules RedirectLookup
	// Slugs finds an entity's current slug from a former one; nil for none.
	Slugs SlugLookup
	// Sessions finds the signed-in visitor for the auth guard; nil means
	// nobody is ever signed in.
	Sessions SessionLookup
	// TrustedProxies are the peers whose X-Forwarded-For names the client
	// (clientip); none means the socket peer is the client.
	TrustedProxies []netip.Prefix
	// Handlers add routes of their own (robots.txt, sitemaps, APIs) ahead
	// of the pages.
	Handlers []Registrar
	// Admission runs ahead of every middleware: admission control that
	// makes a request wait its turn (booking.Handler.Admit: a rush on one
	// free time) while it has cost only its read.
	Admission []fiber.Handler
	// Files are the file routes by path prefix ("/cert/"), each served
	// under the prefix and under /uz plus the prefix.
	Files map[string]page.FileLoader
	DB    *sqlx.DB
	// DBBudget is how long one request may wait on the database (a
	// context deadline on every request, and on every page loader);
	// past it the visitor gets a stale page or the 503 page. Zero: 1.5 s.
	DBBudget time.Duration
	// OutboundPaths are path prefixes of APIs that wait on an outside
	// service with its own timeout (the model, the SMS gateway): the
	// database budget would cut those calls short, so their requests
	// have none (their queries are still bounded by the pool's limits).
	OutboundPaths []string
	// StaffPaths are path prefixes of staff work that is heavier than a
	// visitor's request by design (an editor's publication refreshes
	// derived data and the search index; an upload encodes images): they
	// get StaffBudget instead of DBBudget, so a busy server slows them
	// down instead of refusing them. Zero StaffBudget: 20 s.
	StaffPaths  []string
	StaffBudget time.Duration
	// Bodies names the API paths that take a form or an upload instead
	// of JSON.
	Bodies api.BodyRules
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Counters are the third-party analytics to load (none when empty);
	// the Content-Security-Policy allows their hosts only when set.
	Counters Counters
	// AddClinicURL is the header's "add a clinic" link (DocumentProps).
	AddClinicURL string
	// Telegram is the bot pages offer (DocumentProps); nil: none.
	Telegram *TelegramBot
}

// Registrar adds its routes to the app.
type Registrar interface {
	Register(r fiber.Router)
}

// SlugLookup finds the slug an entity carries now from one it carried
// before; slughistory.Store is one.
type SlugLookup interface {
	Current(ctx context.Context, entity, old string) (slug string, ok bool, err error)
}

// SessionLookup finds the user a session token belongs to, with an error
// wrapping derrors.NotFound when it names no live session; account.Store
// is one.
type SessionLookup interface {
	SessionUser(ctx context.Context, token string, now time.Time) (int64, error)
}

// RedirectLookup finds where a path moved; seo.Redirects is one.
type RedirectLookup interface {
	Lookup(ctx context.Context, path string) (to string, ok bool)
}

// Server serves the site.
type Server struct {
	Deps
	regionBySlug  map[string]region.Region
	defaultRegion region.Region
	assets        *assetStore
	// csp is the Content-Security-Policy header (ContentSecurityPolicy).
	csp string
	// hits leads known request targets straight to the page cache.
	hits *hitIndex
	// errorPages are the rendered error documents.
	errorPages *errorPages
}

// New checks that every route has a loader and that the default region
// exists, and builds the server.
func New(d Deps) (*Server, error) {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.StaffBudget <= 0 {
		d.StaffBudget = 20 * time.Second
	}
	if d.DBBudget <= 0 {
		d.DBBudget = 1500 * time.Millisecond
	}
	var inline []string
	if d.Engine != nil {
		var err error
		if inline, err = d.Engine.InlineScripts(context.Background()); err != nil {
			return nil, fmt.Errorf("web.New: %w", err)
		}
	}
	s := &Server{Deps: d, regionBySlug: map[string]region.Region{}, assets: newAssetStore(), csp: ContentSecurityPolicy(d.Counters, inline...), hits: &hitIndex{}, errorPages: &errorPages{}}
	for _, r := range d.Regions {
		s.regionBySlug[r.Slug] = r
	}
	def, ok := s.regionBySlug[route.DefaultRegion]
	if !ok {
		return nil, fmt.Errorf("web.New: default region %q is not in the database", route.DefaultRegion)
	}
	s.defaultRegion = def
	for _, r := range d.Routes.Routes {
		if d.Loaders[r.Name] == nil {
			return nil, fmt.Errorf("web.New: route %q has no loader", r.Name)
		}
	}
	return s, nil
}

// App builds the Fiber app, wiring the middleware in the order each request
// meets it.
func (s *Server) App() *fiber.App {
	app := fiber.New(fiber.Config{
		ErrorHandler:          s.handleError,
		DisableStartupMessage: true,
		// Long enough for any URL a browser sends, so an overlong path
		// reaches validatePage (a 404 page) instead of fasthttp's bare 431.
		ReadBufferSize: 16 << 10,
		// The largest upload (an editor's picture, images.MaxBytes, or a
		// patient's document in its multipart form, documentMaxBytes) and
		// its headers; JSON bodies are far smaller and checked by
		// api.Bodies.
		BodyLimit: max(images.MaxBytes, shared.MustReadLimits().DocumentMaxBytes) + 64<<10,
		// Paths are matched as written: "/API/suggest" is no API call but
		// an unknown page (404), never an API error rendered as a page.
		CaseSensitive: true,
		// fasthttp would parse a multipart body before any handler, and
		// answer a malformed one with an error that has lost its path;
		// the API refuses multipart bodies itself (415).
		DisablePreParseMultipartForm: true,
		ReadTimeout:                  10 * time.Second,
		WriteTimeout:                 30 * time.Second,
		IdleTimeout:                  60 * time.Second,
	})
	// Admission control before anything else: a request that waits its
	// turn there has cost nothing but its read, and the work of its
	// answer is done when its turn comes.
	for _, admit := range s.Admission {
		app.Use(admit)
	}
	// The request id first, so that every later log line carries it.
	app.Use(requestID)
	// The client's address once, for every handler (clientip.Get).
	app.Use(clientip.Middleware(s.TrustedProxies))
	// The access log wraps everything after it and renders errors itself,
	// so it logs the final status.
	app.Use(s.accessLog)
	// Recover inside the log: a panic below becomes the 500 page, logged.
	app.Use(s.recoverPanic)
	// Security headers on every answer, error pages included.
	app.Use(s.securityHeaders)
	// No Location leaves the site, whoever set it; inside the access log,
	// so a refused one is rendered and logged as the error it is.
	app.Use(keepRedirectsOnSite)
	// NUL bytes and invalid UTF-8 end here, before any handler can take
	// them to PostgreSQL.
	app.Use(refuseBadBytes)
	// An API call's body is JSON (415, 400) before any guard or handler.
	app.Use("/api", s.Bodies.Check)
	// Every database call of the request shares one deadline.
	app.Use(s.databaseBudget)
	// Compression for what is not precompressed (cached pages and assets
	// carry their own Content-Encoding, which the compressor leaves alone).
	app.Use(compress.New(compress.Config{Level: compress.LevelDefault}))

	app.Get("/healthz", s.healthz)
	app.Get("/readyz", s.readyz)
	app.Get(ssr.PublicPath+"*", s.serveAsset)
	app.Get("/favicon.ico", s.serveFavicon)
	app.Get("/api/seo-redirects/check", s.checkRedirect)
	for _, h := range s.Handlers {
		h.Register(app)
	}
	// Files (PDF vouchers) before the pages: made on request, never cached.
	for prefix, load := range s.Files {
		h := s.serveFile(load)
		app.Get(prefix+":name", h)
		app.Get("/uz"+prefix+":name", h)
	}
	// Everything else is a page: locale and region, route checks, cache, loader, render.
	app.Get("/*", s.servePage)
	app.Head("/*", s.servePage)
	return app
}

func (s *Server) healthz(c *fiber.Ctx) error {
	return c.SendString("ok")
}

func (s *Server) readyz(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), time.Second)
	defer cancel()
	if err := s.DB.PingContext(ctx); err != nil {
		s.Logger.WarnContext(ctx, "readyz: database unreachable", slog.Any("err", err))
		return c.Status(fiber.StatusServiceUnavailable).SendString("database unreachable")
	}
	return c.SendString("ready")
}
