package web

import (
	"context"
	"net/url"
)

// PageProps returns the JSON props the document of target (a path with an
// optional query, as a visitor would request it) renders from: the route
// checks and the loader run, the page cache is bypassed. Benchmarks time
// the render alone with it; editors' previews will build on it.
func (s *Server) PageProps(ctx context.Context, target string) ([]byte, error) {
	u, err := url.Parse(target)
	if err != nil {
		return nil, err
	}
	pr := s.newPageRequest(u.Path, u.RawQuery)
	if err := s.checkRoute(ctx, pr); err != nil {
		return nil, err
	}
	pr.canonical = pr.match.Route.CanonicalQuery(u.Query())
	props, _, err := s.loadPage(ctx, pr)
	if err != nil {
		return nil, err
	}
	return s.propsJSON(props)
}
