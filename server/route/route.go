// Package route reads the route table shared with the client
// (shared/routes.json), matches request paths against it and builds hrefs
// the same way client/lib/href.ts does.
package route

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"sogliq/shared"
)

// DefaultRegion is the region whose pages carry no region prefix
// (limits.json's defaultRegion).
var DefaultRegion = shared.MustReadLimits().DefaultRegion

// Route is one row of the table.
type Route struct {
	Name    string `json:"name"`
	Pattern string `json:"pattern"`
	// Region reports whether the route takes an optional region prefix.
	Region bool   `json:"region"`
	Layout string `json:"layout"`
	Page   string `json:"page"`
	// Query lists the query parameters the page reads, with their defaults;
	// any other parameter is left out of the canonical URL and the cache key.
	Query map[string]string `json:"query"`
	// SlugOf names, per path parameter, the entity whose slug it is, so a
	// former slug can be sent to the current one (slughistory).
	SlugOf map[string]string `json:"slugOf"`
	// RegionParent names the route a visitor lands on when they switch
	// region on this page: a list page whose last segment belongs to one
	// region (a district) drops it. Empty means the page itself.
	RegionParent string `json:"regionParent,omitempty"`
	// Access names who may open the page (spec §4 check 4): empty for
	// everyone, AccessSession for a signed-in visitor, AccessNewUser for one
	// who has just signed in for the first time, AccessOptional for anyone,
	// the loader told who is signed in. Such pages are the visitor's own:
	// rendered for each request, never cached.
	Access string `json:"access,omitempty"`
	// Cache is the row's cache policy as written ("cache" in routes.json);
	// read it through CachePolicy, which gives the default and the policy
	// of private pages.
	Cache *CachePolicy `json:"cache,omitempty"`

	segments []string
}

// CachePolicy is a page's cache life: fresh for Fresh, then served stale
// for Stale more while one request re-renders it, in the page cache and
// (as Cache-Control) in browsers. Store false keeps the page out of the
// page cache (rendered for each request; browsers still keep it Fresh): a
// page per arbitrary query string (/search?q=) would grow the shared cache
// without bound. In routes.json it is {"fresh": "1m", "stale": "10m"} (Go
// durations), with "store": false to keep it out of the page cache. The
// zero policy is a private page's: never stored, anywhere.
type CachePolicy struct {
	Fresh time.Duration
	Stale time.Duration
	Store bool
}

// DefaultCache is the policy of a route that names none: browsers reuse a
// page for a minute and revalidate in the background for ten more, and the
// page cache, purged by tag when data changes, does the same.
var DefaultCache = CachePolicy{Fresh: time.Minute, Stale: 10 * time.Minute, Store: true}

// CachePolicy is the route's cache policy, the one place it is read: the
// row's own, DefaultCache when the row names none, and for a page of one
// visitor (an access rule) the zero policy.
func (r *Route) CachePolicy() CachePolicy {
	switch {
	case r.Access != "":
		return CachePolicy{}
	case r.Cache == nil:
		return DefaultCache
	}
	return *r.Cache
}

// maxCacheLife bounds Fresh+Stale: the page cache remembers purges for
// that long (cache.MaxLife).
const maxCacheLife = 24 * time.Hour

// UnmarshalJSON reads {"fresh": "1m", "stale": "10m"}, with an optional
// "store" (true when absent).
func (p *CachePolicy) UnmarshalJSON(b []byte) error {
	raw := struct {
		Fresh string `json:"fresh"`
		Stale string `json:"stale"`
		Store *bool  `json:"store"`
	}{}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	fresh, err := time.ParseDuration(raw.Fresh)
	if err != nil {
		return fmt.Errorf("cache fresh: %w", err)
	}
	stale, err := time.ParseDuration(raw.Stale)
	if err != nil {
		return fmt.Errorf("cache stale: %w", err)
	}
	*p = CachePolicy{Fresh: fresh, Stale: stale, Store: raw.Store == nil || *raw.Store}
	return nil
}

// valid checks a policy: a fresh time of at least a second, a stale time
// not negative, whole seconds (Cache-Control counts seconds), at most
// maxCacheLife in all.
func (p CachePolicy) valid() bool {
	return p.Fresh >= time.Second && p.Stale >= 0 && p.Fresh%time.Second == 0 && p.Stale%time.Second == 0 &&
		p.Fresh+p.Stale <= maxCacheLife
}

// CacheControl is the header a page of the policy carries: the zero
// policy's is "private, no-store". A visitor's browser keeps a page but
// asks again each time (max-age=0, must-revalidate), answered 304 from the
// ETag while nothing changed, so published text never stays old in their
// browser (issue 34 item 18); shared caches (s-maxage) keep it Fresh, then
// serve it stale while they revalidate as the server's own cache does.
func (p CachePolicy) CacheControl() string {
	switch {
	case p == CachePolicy{}:
		return "private, no-store"
	case !p.Store && p.Stale == 0:
		// Not in the page cache, a page has no entry to answer a
		// revalidation from: browsers keep it Fresh (the search results).
		return fmt.Sprintf("public, max-age=%d", p.Fresh/time.Second)
	case !p.Store:
		return fmt.Sprintf("public, max-age=%d, stale-while-revalidate=%d", p.Fresh/time.Second, p.Stale/time.Second)
	case p.Stale == 0:
		return fmt.Sprintf("public, max-age=0, must-revalidate, s-maxage=%d", p.Fresh/time.Second)
	}
	return fmt.Sprintf("public, max-age=0, must-revalidate, s-maxage=%d, stale-while-revalidate=%d", p.Fresh/time.Second, p.Stale/time.Second)
}

// Table is the parsed route table.
type Table struct {
	Routes []*Route
	byName map[string]*Route
}

// Load parses shared/routes.json.
func Load() (*Table, error) {
	raw, err := shared.Files.ReadFile("routes.json")
	if err != nil {
		return nil, fmt.Errorf("route.Load: %w", err)
	}
	return Parse(raw)
}

// Parse builds a Table from the JSON of a route table.
func Parse(raw []byte) (*Table, error) {
	var doc struct {
		Routes []*Route `json:"routes"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("route.Parse: %w", err)
	}
	t := &Table{Routes: doc.Routes, byName: map[string]*Route{}}
	for _, r := range doc.Routes {
		if r.Name == "" || !strings.HasPrefix(r.Pattern, "/") || r.Page == "" {
			return nil, fmt.Errorf("route.Parse: route %q needs a name, a pattern starting with / and a page", r.Name)
		}
		if r.Access != "" && r.Access != AccessSession && r.Access != AccessNewUser && r.Access != AccessOptional {
			return nil, fmt.Errorf("route.Parse: route %q: access %q is none of %q, %q, %q", r.Name, r.Access, AccessSession, AccessNewUser, AccessOptional)
		}
		if r.Access != "" && r.Region {
			return nil, fmt.Errorf("route.Parse: route %q: a page of one visitor takes no region", r.Name)
		}
		if err := checkCache(r); err != nil {
			return nil, err
		}
		if _, dup := t.byName[r.Name]; dup {
			return nil, fmt.Errorf("route.Parse: route %q twice", r.Name)
		}
		r.segments = split(r.Pattern)
		t.byName[r.Name] = r
	}
	for _, r := range doc.Routes {
		if p, ok := t.byName[r.RegionParent]; r.RegionParent != "" && (!ok || !p.Region || !r.Region) {
			return nil, fmt.Errorf("route.Parse: route %q: regionParent %q is not a regional route", r.Name, r.RegionParent)
		}
	}
	return t, nil
}

// checkCache validates a route's cache policy.
func checkCache(r *Route) error {
	switch {
	case r.Access != "" && r.Cache != nil:
		return fmt.Errorf("route.Parse: route %q: a page of one visitor is never cached, so takes no cache policy", r.Name)
	case r.Cache == nil:
		return nil
	case !r.Cache.valid():
		return fmt.Errorf("route.Parse: route %q: cache policy %+v: fresh must be whole seconds, at least 1s, stale whole seconds, not negative, both within %s", r.Name, *r.Cache, maxCacheLife)
	}
	return nil
}

func split(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// The values of Route.Access.
const (
	AccessSession = "session"
	AccessNewUser = "new_user"
	// AccessOptional opens the page to everyone without a redirect: a
	// private page (/history) that explains itself to a visitor who is not
	// signed in.
	AccessOptional = "optional"
)

// Match is a route with the values of its parameters.
type Match struct {
	Route  *Route
	Params map[string]string
}

// Match finds the route for path (without language or region prefix). A
// trailing slash is tolerated. Where several routes match, the one with more
// literal segments wins, so /doctors/x/deti beats /doctors/:a/:b.
func (t *Table) Match(path string) (Match, bool) {
	segs := split(path)
	var best Match
	bestLiterals := -1
	for _, r := range t.Routes {
		params, literals, ok := matchSegments(r.segments, segs)
		if ok && literals > bestLiterals {
			best, bestLiterals = Match{Route: r, Params: params}, literals
		}
	}
	return best, bestLiterals >= 0
}

func matchSegments(pattern, segs []string) (map[string]string, int, bool) {
	if len(pattern) != len(segs) {
		return nil, 0, false
	}
	params := map[string]string{}
	literals := 0
	for i, p := range pattern {
		lit, name, isParam := strings.Cut(p, ":")
		switch {
		case isParam:
			// "tip-:type": a literal head, then the parameter. A head makes
			// the segment count as a literal, so it beats a bare ":slug".
			if !strings.HasPrefix(segs[i], lit) {
				return nil, 0, false
			}
			// A parameter that is not valid UTF-8 or holds a control
			// character (NUL) names nothing: no match, rather than a query
			// the database refuses.
			v, err := url.PathUnescape(segs[i][len(lit):])
			if err != nil || v == "" || !utf8.ValidString(v) || strings.ContainsFunc(v, isControl) {
				return nil, 0, false
			}
			params[name] = v
			if lit != "" {
				literals++
			}
		case p == segs[i]:
			literals++
		default:
			return nil, 0, false
		}
	}
	return params, literals, true
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }

// ByName returns the named route.
func (t *Table) ByName(name string) (*Route, bool) {
	r, ok := t.byName[name]
	return r, ok
}

// Place is where a visitor is: language and region slug.
type Place struct {
	Lang   string
	Region string
}

// Prefix is the path prefix of a place: "/uz" for Uzbek, then the region
// slug unless it is the default region, when withRegion is set.
func Prefix(p Place, withRegion bool) string {
	prefix := ""
	if p.Lang == "uz" {
		prefix = "/uz"
	}
	if withRegion && p.Region != "" && p.Region != DefaultRegion {
		prefix += "/" + p.Region
	}
	return prefix
}

// Path fills the route's pattern with params (no prefix).
func (r *Route) Path(params map[string]string) (string, error) {
	out := make([]string, len(r.segments))
	for i, s := range r.segments {
		lit, name, isParam := strings.Cut(s, ":")
		if !isParam {
			out[i] = s
			continue
		}
		v, ok := params[name]
		if !ok || v == "" {
			return "", fmt.Errorf("route %s needs %s", r.Name, name)
		}
		out[i] = lit + url.PathEscape(v)
	}
	return "/" + strings.Join(out, "/"), nil
}

// Join puts a prefix before a path; the root path takes the prefix alone.
func Join(prefix, path string) string {
	if path == "/" && prefix != "" {
		return prefix
	}
	return prefix + path
}

// Href builds the URL path of a named route in a place, with query (nil for
// none) encoded in sorted key order.
func (t *Table) Href(name string, params map[string]string, place Place, query url.Values) (string, error) {
	r, ok := t.byName[name]
	if !ok {
		return "", fmt.Errorf("route.Href: unknown route %q", name)
	}
	p, err := r.Path(params)
	if err != nil {
		return "", fmt.Errorf("route.Href: %w", err)
	}
	return Join(Prefix(place, r.Region), p) + EncodeQuery(query), nil
}

// regionBound are the query parameters that mean something in one region only.
var regionBound = []string{"page", "district"}

// InRegion is the path of a page (route r with params and its canonical
// query) after the visitor switches to place's region: a page that takes no
// region stays the same; a regional page gets the region's prefix (none for
// Tashkent) and loses what belonged to the old region: the trailing district
// segment (r.RegionParent), the page number and the district filter.
func (t *Table) InRegion(r *Route, params map[string]string, query url.Values, place Place) (string, error) {
	if !r.Region {
		p, err := r.Path(params)
		if err != nil {
			return "", fmt.Errorf("route.InRegion: %w", err)
		}
		return Join(Prefix(place, false), p) + EncodeQuery(query), nil
	}
	if r.RegionParent != "" {
		r = t.byName[r.RegionParent]
	}
	q := url.Values{}
	for k, v := range query {
		if !slices.Contains(regionBound, k) {
			q[k] = v
		}
	}
	p, err := r.Path(params)
	if err != nil {
		return "", fmt.Errorf("route.InRegion: %w", err)
	}
	return Join(Prefix(place, true), p) + EncodeQuery(q), nil
}

// EncodeQuery is "?" and the query in sorted key order, or "" when empty.
func EncodeQuery(q url.Values) string {
	if len(q) == 0 {
		return ""
	}
	return "?" + q.Encode() // Encode sorts by key
}

// CanonicalQuery keeps the parameters the route reads, dropping empty
// values and values equal to the default.
func (r *Route) CanonicalQuery(q url.Values) url.Values {
	out := url.Values{}
	keys := make([]string, 0, len(r.Query))
	for k := range r.Query {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if v := q.Get(k); v != "" && v != r.Query[k] {
			out.Set(k, v)
		}
	}
	return out
}

// Located is a request path taken apart: language, region and the rest.
type Located struct {
	Lang string
	// Alias is "ru" or "en" when the path starts with /ru or /en: prefixes
	// recognised but never canonical (Russian has no prefix, and English is
	// served as Russian until it has a dictionary).
	Alias string
	// Region is the region slug written in the path, or "" for none.
	Region string
	// Rest is the path after the prefixes, starting with "/".
	Rest string
}

// Locate strips the language prefix (/uz, or the aliases /ru and /en) and then an optional region slug
// (isRegion says which first segments are regions) from a path.
func Locate(path string, isRegion func(slug string) bool) Located {
	if !strings.HasPrefix(path, "/") {
		path = "/" + path // Fiber always gives a leading slash; others may not
	}
	loc := Located{Lang: "ru", Rest: path}
	for _, prefix := range []string{"uz", "ru", "en"} {
		if loc.Rest == "/"+prefix || strings.HasPrefix(loc.Rest, "/"+prefix+"/") {
			loc.Rest = strings.TrimPrefix(loc.Rest, "/"+prefix)
			if prefix == "uz" {
				loc.Lang = "uz"
			} else {
				loc.Alias = prefix
			}
			break
		}
	}
	first, tail, _ := strings.Cut(strings.TrimPrefix(loc.Rest, "/"), "/")
	if first != "" && isRegion(first) {
		loc.Region = first
		loc.Rest = "/" + tail
	}
	if loc.Rest == "" {
		loc.Rest = "/"
	}
	return loc
}
