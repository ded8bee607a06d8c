package web

import (
	"sync"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/cache"
	"sogliq/server/route"
)

// maxHitTargets bounds the hit index: past it the index starts again
// (a crawl of every page would otherwise keep a target per URL it ever
// saw, long after the pages left the in-process cache).
const maxHitTargets = 1 << 14

// hitIndex remembers, per request target (the path and query as sent),
// the page-cache key the route checks led to, for the targets whose checks
// answered nothing and read nothing of the visitor. The next request for
// the same target goes from the raw bytes to the in-process cache:
// nothing parsed, matched or allocated (ARCHITECTURE: "a cache hit
// allocates almost nothing and never touches goja, the database or a
// deadline timer").
type hitIndex struct {
	mu      sync.RWMutex
	targets map[string]hitTarget
}

// hitTarget is where a target led: the cache key, the route (the metrics'
// label) and what the answer depended on besides the target itself.
type hitTarget struct {
	key    string
	route  *route.Route
	bundle string // the build that rendered it (DEV rebuilds)
	tables uint64 // RedirectsVersion when the checks ran
}

func (h *hitIndex) get(target []byte) (hitTarget, bool) {
	h.mu.RLock()
	t, ok := h.targets[string(target)] // no copy: the compiler looks up with the bytes
	h.mu.RUnlock()
	return t, ok
}

func (h *hitIndex) put(target string, t hitTarget) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if old, ok := h.targets[target]; ok && old == t {
		return
	}
	if h.targets == nil || len(h.targets) >= maxHitTargets {
		h.targets = make(map[string]hitTarget, 1024)
	}
	h.targets[target] = t
}

// Versioned is a redirect table that counts its changes; seo.Redirects is
// one. The hit index trusts a target's checks only while the tables are
// as they were.
type Versioned interface {
	Version() uint64
}

// redirectsVersion sums the versions of the redirect tables the checks
// read (0 for a table that does not count).
func (s *Server) redirectsVersion() uint64 {
	var v uint64
	for _, t := range []RedirectLookup{s.Redirects, s.RouteRules} {
		if vt, ok := t.(Versioned); ok {
			v += vt.Version()
		}
	}
	return v
}

// serveIndexed answers a request whose target the hit index knows and
// whose page the in-process cache holds fresh; false sends it down the
// whole path (route checks, Redis, render).
func (s *Server) serveIndexed(c *fiber.Ctx) (bool, error) {
	target := c.Request().Header.RequestURI()
	t, ok := s.hits.get(target)
	if !ok || t.tables != s.redirectsVersion() || t.bundle != s.Engine.Bundle().ID {
		return false, nil
	}
	e, ok := s.Cache.Local(t.key)
	if !ok {
		return false, nil
	}
	c.Locals(routeLocal, t.route)
	if inm := c.Request().Header.Peek(fiber.HeaderIfNoneMatch); len(inm) > 0 && etagMatches(string(inm), e.ETag) {
		return true, notModified(c, e, cache.StateHit)
	}
	return true, writeEntry(c, e, cache.StateHit)
}

// indexTarget remembers where this request's checks led, when nothing but
// its target decided it: the bare roots follow the visitor's language
// cookie and Accept-Language, so they are never indexed.
func (s *Server) indexTarget(c *fiber.Ctx, pr *pageRequest, key string) {
	if pr.path == "/" || pr.path == "/uz" {
		return
	}
	s.hits.put(string(c.Request().Header.RequestURI()), hitTarget{
		key: key, route: pr.match.Route, bundle: s.Engine.Bundle().ID, tables: s.redirectsVersion(),
	})
}
