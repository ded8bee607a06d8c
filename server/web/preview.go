package web

import (
	"context"
	"errors"
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
