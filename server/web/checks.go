package web

import (
	"context"
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/derrors"
	"sogliq/server/route"
)

// A routeCheck looks at a page request before the cache and the loader. It
// returns nil to let the request go on, or an error: a redirect or a status.
type routeCheck func(ctx context.Context, s *Server, pr *pageRequest) error

// routeChecks run in the order of spec §4, after the language prefix is
// settled.
var routeChecks = []routeCheck{
	rememberLanguage,  // the switcher's ?lang= stores the choice, then the clean URL
	canonicalLanguage, // /ru and /en are aliases of the unprefixed path
	preferredLanguage, // the bare root follows the language cookie, then Accept-Language
	validatePage,      // 1: the path names a page of the route table
	seoRedirect,       // 2: moved pages, from the seo_redirects table
	swapRegionSlug,    // 3: the default region is never written in the path
	guardAccess,       // 4: pages of one visitor need their session
	trimTrailingSlash, // 5: one URL per page
	routeRule,         // 6: configured legacy redirects, from the route_rules table
}

// checkRoute runs the checks in order; the first answer ends the request.
func (s *Server) checkRoute(ctx context.Context, pr *pageRequest) error {
	for _, check := range routeChecks {
		if err := check(ctx, s, pr); err != nil {
			return err
		}
	}
	return nil
}

// redirect is an answer with a Location, returned by checks as an error so
// the first check that answers ends the request.
type redirect struct {
	status int
	to     string
	// private marks a redirect that depends on the visitor: never cached.
	private bool
	// cookie, when set, goes with the redirect (the language choice).
	cookie *fiber.Cookie
}

func (r *redirect) Error() string { return fmt.Sprintf("redirect %d to %s", r.status, r.to) }

// maxPathLength bounds the paths worth matching: no page has a longer one.
const maxPathLength = 1024

// validatePage: an unknown path, an overlong one, or a region prefix on a
// route without one, is a 404 "Page not found: {path}". A region slug
// trailing a regional page's path (/doctors/samarkand) is tolerated here
// for swapRegionSlug to move to the front.
func validatePage(ctx context.Context, s *Server, pr *pageRequest) error {
	if len(pr.path) > maxPathLength {
		return fmt.Errorf("Page not found: a path of %d bytes: %w", len(pr.path), derrors.NotFound)
	}
	if rest, region, ok := s.trailingRegion(pr.loc.Rest); ok && pr.loc.Region == "" {
		if m, ok := s.Routes.Match(rest); ok && m.Route.Region {
			pr.match, pr.trailingRegion = m, region
			return nil
		}
	}
	m, ok := s.Routes.Match(pr.loc.Rest)
	if !ok || (pr.loc.Region != "" && !m.Route.Region) {
		return fmt.Errorf("Page not found: %s: %w", pr.path, derrors.NotFound)
	}
	pr.match = m
	return nil
}

// trailingRegion splits a region slug off the end of path.
func (s *Server) trailingRegion(path string) (rest, region string, ok bool) {
	i := strings.LastIndexByte(strings.TrimRight(path, "/"), '/')
	if i < 0 {
		return "", "", false
	}
	region = strings.Trim(path[i:], "/")
	if !s.isRegion(region) {
		return "", "", false
	}
	rest = path[:i]
	if rest == "" {
		rest = "/"
	}
	return rest, region, true
}

// canonicalLanguage sends /ru/... and /en/... to the unprefixed (Russian)
// path: Russian has no prefix, and English has no dictionary yet.
func canonicalLanguage(ctx context.Context, s *Server, pr *pageRequest) error {
	if pr.loc.Alias == "" {
		return nil
	}
	to := strings.TrimPrefix(pr.path, "/"+pr.loc.Alias)
	if to == "" {
		to = "/"
	}
	return &redirect{status: fiber.StatusMovedPermanently, to: to + withQuery(pr.query)}
}

// seoRedirect follows the seo_redirects table (resolved to one hop,
// suspicious rows refused) with 301, keeping the query.
func seoRedirect(ctx context.Context, s *Server, pr *pageRequest) error {
	return lookupRedirect(ctx, s.Redirects, pr)
}

// routeRule follows the route_rules table the same way.
func routeRule(ctx context.Context, s *Server, pr *pageRequest) error {
	return lookupRedirect(ctx, s.RouteRules, pr)
}

func lookupRedirect(ctx context.Context, table RedirectLookup, pr *pageRequest) error {
	if table == nil {
		return nil
	}
	source := pr.path
	if source != "/" {
		source = strings.TrimRight(source, "/")
	}
	if to, ok := table.Lookup(ctx, source); ok {
		return &redirect{status: fiber.StatusMovedPermanently, to: to + withQuery(pr.query)}
	}
	return nil
}

// swapRegionSlug sends a region slug in a non-canonical place to the
// canonical form: trailing a page's path (/doctors/samarkand,
// /uz/doctors/kardiolog/samarkand) to the prefix (/samarkand/doctors), and
// the default region written out (/tashkent/...) to the unprefixed path.
func swapRegionSlug(ctx context.Context, s *Server, pr *pageRequest) error {
	if pr.trailingRegion != "" {
		rest, _, _ := s.trailingRegion(pr.loc.Rest)
		prefix := route.Prefix(route.Place{Lang: pr.loc.Lang, Region: pr.trailingRegion}, true)
		return &redirect{status: fiber.StatusMovedPermanently, to: route.Join(prefix, rest) + withQuery(pr.query)}
	}
	if pr.loc.Region != route.DefaultRegion {
		return nil
	}
	lang := route.Prefix(route.Place{Lang: pr.loc.Lang}, false)
	return &redirect{status: fiber.StatusMovedPermanently, to: route.Join(lang, pr.loc.Rest) + withQuery(pr.query)}
}

// trimTrailingSlash sends /doctors/ to /doctors, and //doctors or
// /doctors\ to /doctors; the root stays.
func trimTrailingSlash(ctx context.Context, s *Server, pr *pageRequest) error {
	if pr.path == pr.raw && (pr.path == "/" || !strings.HasSuffix(pr.path, "/")) {
		return nil
	}
	to := pr.path
	if to != "/" {
		to = strings.TrimRight(to, "/")
	}
	if to == "" {
		to = "/"
	}
	return &redirect{status: fiber.StatusMovedPermanently, to: to + withQuery(pr.query)}
}

func withQuery(raw string) string {
	if raw == "" {
		return ""
	}
	return "?" + raw
}
