package route

import "strings"

// Static is the page type of a path no route matches.
const Static = "static"

// Classify gives the page type and page id of a path for analytics
// (server/analytics, the page-view sender): the
// route's name, and its path parameters in pattern order joined by "/"
// (the doctor's slug on /doctor/{slug}). The /uz, /ru and /en prefixes
// are dropped, then a leading region segment when the rest is a route
// that takes one; a path no route matches is Static. It knows no region
// slugs, so client/lib/pageType.ts classifies the same way
// (shared/testdata/page_types.json runs both).
func Classify(t *Table, path string) (pageType, pageID string) {
	path, _, _ = strings.Cut(path, "?")
	path, _, _ = strings.Cut(path, "#")
	for _, p := range []string{"/uz", "/ru", "/en"} {
		if path == p || strings.HasPrefix(path, p+"/") {
			path = strings.TrimPrefix(path, p)
			break
		}
	}
	if path == "" {
		path = "/"
	}
	if m, ok := t.Match(path); ok {
		return ClassifyMatch(m)
	}
	// A region prefix: /samarkand/doctors.
	if _, rest, ok := strings.Cut(strings.TrimPrefix(path, "/"), "/"); ok || path != "/" {
		if m, ok := t.Match("/" + rest); ok && m.Route.Region {
			return ClassifyMatch(m)
		}
	}
	return Static, ""
}

// ClassifyMatch is Classify of a path already matched to m: a page's
// route is matched once per request (the page checks), not again here.
func ClassifyMatch(m Match) (pageType, pageID string) {
	return m.Route.Name, pageIDOf(m)
}

// pageIDOf joins a match's parameters in the order of its pattern.
func pageIDOf(m Match) string {
	var ids []string
	for _, seg := range strings.Split(m.Route.Pattern, "/") {
		if _, name, ok := strings.Cut(seg, ":"); ok {
			ids = append(ids, m.Params[name])
		}
	}
	return strings.Join(ids, "/")
}
