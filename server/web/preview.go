package web

import (
	"context"
	"errors"
	"fmt"
	"net/url"

	"sogliq/server/page"
)

// PageProps returns the JSON props the document of target (a path with an
// optional query, as a visitor would request it) renders from: the route
// checks and the loader run, the page cache is bypassed. Benchmarks time
// the render alone with it.
func (s *Server) PageProps(ctx context.Context, target string) ([]byte, error) {
	pr, err := s.targetRequest(ctx, target)
	if err != nil {
		return nil, err
	}
	props, _, err := s.loadPage(ctx, pr)
	if err != nil {
		return nil, err
	}
	return s.propsJSON(props)
}

// targetRequest takes apart target and runs the route checks on it.
func (s *Server) targetRequest(ctx context.Context, target string) (*pageRequest, error) {
	u, err := url.Parse(target)
	if err != nil {
		return nil, err
	}
	pr := s.newPageRequest(u.Path, u.RawQuery)
	if err := s.checkRoute(ctx, pr); err != nil {
		return nil, err
	}
	pr.canonical = pr.match.Route.CanonicalQuery(u.Query())
	return pr, nil
}

// IsPage reports whether a visitor asking for path (no query) gets a page
// of this site with 200: the route checks let it through to a route and
// the route's loader finds its data, as when the page is served, but never
// from the page cache (a cached copy may outlive its entity). The redirect
// tables are left out: the question is whether a page lives at path, which
// a redirect from it would hide. A page of signed-in visitors (a route with
// an access rule) counts whatever its loader would say, since what it
// shows is each visitor's own. A path that would answer anything else (a
// redirect, 404, 410, 400) is no page; a failure that would answer 5xx
// (the database down, a loader's error) is returned.
func (s *Server) IsPage(ctx context.Context, path string) (bool, error) {
	bare := *s
	bare.Redirects, bare.RouteRules = nil, nil
	pr := bare.newPageRequest(path, "")
	err := bare.checkRoute(ctx, pr)
	var rd *redirect
	private := pr.match.Route != nil && pr.match.Route.Access != ""
	if private && (err == nil || errors.As(err, &rd) && rd.private) {
		return true, nil // through the guard, or sent away by it for want of a session
	}
	if err == nil {
		pr.canonical = pr.match.Route.CanonicalQuery(nil)
		loadCtx, cancel := context.WithTimeout(ctx, s.DBBudget)
		_, _, err = s.loadPage(loadCtx, pr)
		cancel()
	}
	var lr *page.Redirect
	switch {
	case err == nil:
		return true, nil
	case errors.As(err, &rd), errors.As(err, &lr):
		return false, nil
	}
	if status, _ := s.statusOf(err, pr.loc.Lang, path); status < 500 {
		return false, nil
	}
	return false, fmt.Errorf("web.IsPage(%q): %w", path, err)
}

// RenderPreview renders target's page as an editor's preview: the same
// route checks and renderer, the route's loader taken from loaders (built
// on a database that shows the draft), never the page cache; the document
// is noindex and carries the preview banner. Only public pages (no access
// rule) can be previewed.
func (s *Server) RenderPreview(ctx context.Context, target string, loaders page.Loaders) (string, error) {
	pr, err := s.targetRequest(ctx, target)
	if err != nil {
		return "", err
	}
	load := loaders[pr.match.Route.Name]
	if load == nil || pr.match.Route.Access != "" {
		return "", errNoPreview
	}
	// loadPage reads s.Loaders: a copy of the server with the preview's.
	preview := *s
	preview.Loaders = loaders
	props, _, err := preview.loadPage(ctx, pr)
	if err != nil {
		return "", err
	}
	props.NoIndex, props.Preview = true, true
	return s.renderDocument(ctx, props)
}

// errNoPreview: the page has no loader to preview with, or is private.
var errNoPreview = errors.New("web: this page cannot be previewed")
