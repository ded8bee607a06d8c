package search

import (
	"context"
	"fmt"
	"slices"

	"sogliq/server/derrors"
	"sogliq/server/page"
)

// Results page sizes: the hits of each type shown on the all-types page,
// and the page size of one type's list (?type=).
const (
	GroupSize = 5
	PerPage   = 20
)

// Group is one type's block of the results page.
type Group struct {
	Type  string       `json:"type"`
	Count int          `json:"count"`
	Items []Suggestion `json:"items"`
}

// Results is the data of the /search page.
type Results struct {
	Query    string  `json:"query"`
	TooShort bool    `json:"tooShort"`
	Total    int     `json:"total"`
	Type     string  `json:"type"`
	Page     int     `json:"page"`
	Pages    int     `json:"pages"`
	Groups   []Group `json:"groups"`
	// Counts are every type's number of hits (the tabs), items left out.
	Counts []Group `json:"counts"`
}

// Pages returns the loader of the "search" route: /search?q=&type=&page=.
func Pages(s *Store, publicURL string) page.Loaders {
	return page.Loaders{"search": func(ctx context.Context, req page.Request) (page.Result, error) {
		return s.loadResults(ctx, req, publicURL)
	}}
}

func (s *Store) loadResults(ctx context.Context, req page.Request, publicURL string) (page.Result, error) {
	q, typ := req.Query.Get("q"), req.Query.Get("type")
	if typ != "" && !slices.Contains(Types, typ) {
		return page.Result{}, fmt.Errorf("search type %q: %w", typ, derrors.Invalid)
	}
	n, err := page.Number(req.Query.Get("page"))
	if err != nil {
		return page.Result{}, err
	}
	ok, err := Check(q)
	if err != nil {
		return page.Result{}, err
	}
	res := Results{Query: q, Type: typ, Page: n, Groups: []Group{}, Counts: []Group{}, TooShort: q != "" && !ok}
	result := page.Result{Data: res, Tags: []string{CacheTag}, NoIndex: true}
	if !ok {
		return result, nil
	}
	offset, limit := 0, GroupSize
	if typ != "" {
		offset, limit = (n-1)*PerPage, PerPage
	}
	hits, counts, err := s.Find(ctx, QueryKeys(q), req.Region.ID, typ, offset, limit)
	if err != nil {
		return page.Result{}, err
	}
	regionSlug := req.Region.Slug
	for _, t := range Types {
		if counts[t] == 0 {
			continue
		}
		res.Total += counts[t]
		res.Counts = append(res.Counts, Group{Type: t, Count: counts[t], Items: []Suggestion{}})
		if typ != "" && t != typ {
			continue
		}
		var mine []Hit
		for _, h := range hits {
			if h.Type == t {
				mine = append(mine, h)
			}
		}
		res.Groups = append(res.Groups, Group{Type: t, Count: counts[t], Items: Suggestions(mine, req.Lang, regionSlug, publicURL)})
	}
	if typ != "" {
		res.Pages = max(1, (counts[typ]+PerPage-1)/PerPage)
		if n > res.Pages {
			return page.Result{}, fmt.Errorf("search %q type %s page %d: %w", q, typ, n, derrors.NotFound)
		}
	}
	result.Data = res
	return result, nil
}
