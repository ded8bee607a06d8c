package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/url"
	"strings"
	"time"
	"unsafe"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"

	"sogliq/server/cache"
	"sogliq/server/derrors"
	"sogliq/server/metrics"
	"sogliq/server/page"
	"sogliq/server/region"
	"sogliq/server/route"
	"sogliq/ssr"
)

// pageRequest is one page request taken apart. Its strings are copies of
// Fiber's buffers, so it may outlive the handler (the render may finish
// for other waiters after this request is gone).
type pageRequest struct {
	// path is the requested path with runs of slashes and backslashes
	// collapsed (route.CleanPath): the checks work on it, so a prefix they
	// strip never leaves "//host" behind. raw is the path as requested.
	path, raw string
	query     string // raw query string, for redirects
	loc       route.Located
	match     route.Match
	region    region.Region
	// canonical is the route's query reduced to what the page reads.
	canonical url.Values
	// trailingRegion is a region slug written after the page's path, to be
	// moved to the front (swapRegionSlug).
	trailingRegion string
	// cookieLang, cookieRegion and acceptLanguage steer the bare roots
	// (preferredLanguage).
	cookieLang, cookieRegion, acceptLanguage string
	// token and newUser are the account cookies the auth guard reads;
	// userID is the signed-in visitor it found.
	token   string
	newUser bool
	userID  int64
	// signedIn is the signed-in hint cookie (signedInCookie), which the
	// guard clears on a visitor it sends away.
	signedIn bool
}

// newPageRequest takes apart a request; path and rawQuery must not be
// Fiber's buffers (see pageRequest).
func (s *Server) newPageRequest(path, rawQuery string) *pageRequest {
	clean := route.CleanPath(path)
	pr := &pageRequest{
		path:  clean,
		raw:   path,
		query: rawQuery,
		loc:   route.Locate(clean, s.isRegion),
	}
	pr.region = s.defaultRegion
	if r, ok := s.regionBySlug[pr.loc.Region]; ok {
		pr.region = r
	}
	return pr
}

func (s *Server) isRegion(slug string) bool {
	_, ok := s.regionBySlug[slug]
	return ok
}

// servePage is the page path of the architecture: route checks, the page
// cache (304 before any render), then loader and render on a miss.
func (s *Server) servePage(c *fiber.Ctx) error {
	if ok, err := s.serveIndexed(c); ok {
		return err
	}
	pr := s.newPageRequest(utils.CopyString(c.Path()), string(c.Request().URI().QueryString()))
	pr.cookieLang = utils.CopyString(c.Cookies(langCookie))
	pr.cookieRegion = utils.CopyString(c.Cookies(regionCookie))
	pr.acceptLanguage = utils.CopyString(c.Get(fiber.HeaderAcceptLanguage))
	pr.token = utils.CopyString(c.Cookies(tokenCookie))
	pr.newUser = c.Cookies(newUserCookie) != ""
	pr.signedIn = c.Cookies(signedInCookie) != ""
	if err := s.checkRoute(c.UserContext(), pr); err != nil {
		return err
	}
	c.Locals(routeLocal, pr.match.Route)
	pr.canonical = pr.match.Route.CanonicalQuery(queryValues(c))
	if pr.match.Route.Access != "" {
		return s.servePrivatePage(c, pr)
	}
	if !pr.match.Route.CachePolicy().Store {
		return s.serveUncachedPage(c, pr)
	}
	key := s.cacheKey(pr)
	inm := c.Get(fiber.HeaderIfNoneMatch)
	if inm != "" {
		if e, ok := s.Cache.Peek(c.UserContext(), key); ok && etagMatches(inm, e.ETag) {
			s.indexTarget(c, pr, key)
			return notModified(c, e, cache.StateHit)
		}
	}
	// The wait ends with the render (its loader has the database budget,
	// the engine its render deadline), not with the request's budget: a
	// render slowed by load is still worth waiting for.
	entry, state, err := s.Cache.Fetch(context.WithoutCancel(c.UserContext()), key, func(ctx context.Context) (*cache.Entry, error) {
		if cache.Refreshing(ctx) {
			// A stale copy is answering meanwhile: a visitor with no page
			// at all takes the next runtime before this refresh.
			ctx = ssr.Background(ctx)
		}
		return s.renderPage(ctx, pr)
	})
	if err != nil {
		if rd := s.renamedSlug(c.UserContext(), pr, err); rd != nil {
			return rd
		}
		return err
	}
	if entry.Status == fiber.StatusOK {
		s.indexTarget(c, pr, key)
	}
	// A stale entry (or a re-render that came out the same) can still
	// answer the revalidation.
	if inm != "" && etagMatches(inm, entry.ETag) {
		return notModified(c, entry, state)
	}
	return writeEntry(c, entry, state)
}

// servePrivatePage renders a page of one visitor (a route with an access
// rule) for this request alone: no cache, no ETag, nothing shared.
func (s *Server) servePrivatePage(c *fiber.Ctx, pr *pageRequest) error {
	props, _, err := s.loadPage(c.UserContext(), pr)
	if err != nil {
		return err
	}
	props.NoIndex = true
	html, err := s.renderDocument(context.WithoutCancel(c.UserContext()), props)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, pr.match.Route.CachePolicy().CacheControl())
	c.Set(fiber.HeaderVary, fiber.HeaderCookie)
	c.Set("Content-Language", pr.loc.Lang)
	c.Type("html", "utf-8")
	return c.SendString(html)
}

// serveUncachedPage renders a public page the page cache does not store
// (a policy with "store": false) for this request alone; browsers may keep
// it as the policy says.
func (s *Server) serveUncachedPage(c *fiber.Ctx, pr *pageRequest) error {
	props, _, err := s.loadPage(c.UserContext(), pr)
	if err != nil {
		return err
	}
	html, err := s.renderDocument(c.UserContext(), props)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, pr.match.Route.CachePolicy().CacheControl())
	c.Set("Content-Language", pr.loc.Lang)
	c.Type("html", "utf-8")
	return c.SendString(html)
}

func notModified(c *fiber.Ctx, e *cache.Entry, state string) error {
	c.Set(fiber.HeaderETag, e.ETag)
	c.Set("X-Cache", state)
	return c.SendStatus(fiber.StatusNotModified)
}

func queryValues(c *fiber.Ctx) url.Values {
	q := url.Values{}
	c.Request().URI().QueryArgs().VisitAll(func(k, v []byte) {
		q.Add(string(k), string(v))
	})
	return q
}

// cacheKey: build id · language · region · route · path · canonical query.
// The path is there because one route serves many entities.
func (s *Server) cacheKey(pr *pageRequest) string {
	return strings.Join([]string{
		"page", s.Engine.Bundle().ID, pr.loc.Lang, pr.region.Slug, pr.match.Route.Name,
		strings.TrimSuffix(pr.loc.Rest, "/") + route.EncodeQuery(pr.canonical),
	}, "|")
}

// renderPage runs the route's loader and renders the document.
func (s *Server) renderPage(ctx context.Context, pr *pageRequest) (*cache.Entry, error) {
	loadCtx, cancel := context.WithTimeout(ctx, s.DBBudget)
	props, res, err := s.loadPage(loadCtx, pr)
	cancel()
	if err != nil {
		return nil, err
	}
	html, err := s.renderDocument(ctx, props)
	if err != nil {
		return nil, err
	}
	r := pr.match.Route
	policy := r.CachePolicy()
	header := map[string]string{
		fiber.HeaderContentType:  fiber.MIMETextHTMLCharsetUTF8,
		fiber.HeaderCacheControl: policy.CacheControl(),
		"Content-Language":       pr.loc.Lang,
	}
	// The entry keeps the page's bytes as the render made them, never
	// written (NewEntry): no copy of every cold page.
	body := unsafe.Slice(unsafe.StringData(html), len(html))
	e := cache.NewEntry(fiber.StatusOK, header, body, append(res.Tags, "page:"+r.Name), s.Now())
	e.FreshFor, e.StaleFor = policy.Fresh, policy.Stale
	return e, nil
}

// loadPage runs the route's loader and assembles the document's props.
func (s *Server) loadPage(ctx context.Context, pr *pageRequest) (DocumentProps, page.Result, error) {
	r := pr.match.Route
	res, err := s.Loaders[r.Name](ctx, page.Request{
		Route:  r.Name,
		Lang:   pr.loc.Lang,
		Region: pr.region,
		Params: pr.match.Params,
		Query:  pr.canonical,
		UserID: pr.userID,
	})
	if err != nil {
		return DocumentProps{}, res, err
	}
	urls, err := s.pageURLs(pr)
	if err != nil {
		return DocumentProps{}, res, err
	}
	regions, err := s.regionChoices(pr)
	if err != nil {
		return DocumentProps{}, res, err
	}
	pageType, pageID := route.ClassifyMatch(pr.match)
	return DocumentProps{
		PageType: pageType, PageID: pageID,
		Page: r.Page, Layout: r.Layout, Lang: pr.loc.Lang, Region: pageRegion(pr.region, pr.loc.Lang),
		Route: r.Name, Params: pr.match.Params, URL: urls, NoIndex: res.NoIndex, Data: res.Data,
		Regions: regions, Counters: s.Counters, AddClinicURL: s.AddClinicURL, Telegram: s.Telegram,
	}, res, nil
}

// renderDocument fills in what every document needs and runs the engine.
func (s *Server) renderDocument(ctx context.Context, p DocumentProps) (string, error) {
	props, err := s.propsJSON(p)
	if err != nil {
		return "", err
	}
	start := time.Now()
	html, err := s.Engine.Render(ctx, props)
	if err == nil {
		metrics.Render(p.Route, time.Since(start))
	}
	return html, err
}

func (s *Server) propsJSON(p DocumentProps) ([]byte, error) {
	p.Assets = s.Engine.Bundle().Manifest
	p.Year = s.Now().Year()
	if p.Params == nil {
		p.Params = map[string]string{}
	}
	props, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("web: props of %s: %w", p.Page, err)
	}
	return props, nil
}

// etagMatches reports whether an If-None-Match header names etag.
func etagMatches(header, etag string) bool {
	for _, candidate := range strings.Split(header, ",") {
		candidate = strings.TrimSpace(candidate)
		if candidate == "*" || strings.TrimPrefix(candidate, "W/") == etag {
			return true
		}
	}
	return false
}

// writeEntry sends a cached response in the best encoding the client takes.
func writeEntry(c *fiber.Ctx, e *cache.Entry, state string) error {
	for k, v := range e.Header {
		c.Set(k, v)
	}
	c.Set(fiber.HeaderETag, e.ETag)
	c.Set("X-Cache", state)
	c.Set(fiber.HeaderVary, fiber.HeaderAcceptEncoding)
	if p := c.Path(); p == "/" || p == "/uz" { // the bare roots may redirect by cookie and language
		c.Set(fiber.HeaderVary, "Accept-Encoding, Cookie, Accept-Language")
	}
	c.Status(e.Status)
	body := e.Body
	encoding := ""
	if c.Get(fiber.HeaderAcceptEncoding) != "" { // Fiber offers the first choice to a client that names none
		encoding = c.AcceptsEncodings("br", "gzip")
	}
	switch encoding {
	case "br":
		if br := e.Brotli(); len(br) > 0 {
			c.Set(fiber.HeaderContentEncoding, "br")
			body = br
		}
	case "gzip":
		if gz := e.Gzip(); len(gz) > 0 {
			c.Set(fiber.HeaderContentEncoding, "gzip")
			body = gz
		}
	}
	return c.Send(body)
}

// renamedSlug is the slug-redirect check: when a page is not found and one
// of its parameters is an entity's slug the entity has since changed, it
// answers with a 301 to the same page under the current slug.
func (s *Server) renamedSlug(ctx context.Context, pr *pageRequest, notFound error) *redirect {
	if s.Slugs == nil || !errors.Is(notFound, derrors.NotFound) {
		return nil
	}
	r := pr.match.Route
	for param, entity := range r.SlugOf {
		current, ok, err := s.Slugs.Current(ctx, entity, pr.match.Params[param])
		if err != nil {
			s.Logger.WarnContext(ctx, "slug history lookup failed", slog.Any("err", err))
			continue
		}
		if !ok {
			continue
		}
		params := maps.Clone(pr.match.Params)
		params[param] = current
		to, err := s.Routes.Href(r.Name, params, route.Place{Lang: pr.loc.Lang, Region: pr.region.Slug}, pr.canonical)
		if err != nil {
			continue
		}
		return &redirect{status: fiber.StatusMovedPermanently, to: to}
	}
	return nil
}
