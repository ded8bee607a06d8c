// Package home loads the home page of each region: one loader reading the
// catalog, the promotions and the articles through their own stores, so
// the page is one cached HTML document like every other.
package home

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"sogliq/server/catalog"
	"sogliq/server/content"
	"sogliq/server/page"
	"sogliq/server/promotion"
)

// How much of each the home page shows.
const (
	specialties = 12
	clinics     = 4
	promotions  = 3
	services    = 6
	articles    = 3
)

// Pages returns the home page's loader, by route name (shared/routes.json).
func Pages(cat *catalog.Store, promos *promotion.Store, posts *content.Store) page.Loaders {
	return page.Loaders{"home": func(ctx context.Context, req page.Request) (page.Result, error) {
		p, err := load(ctx, cat, promos, posts, req)
		if err != nil {
			return page.Result{}, fmt.Errorf("home(%s, %s): %w", req.Region.Slug, req.Lang, err)
		}
		return page.Result{
			Data: p,
			// Whatever changes one of the sections renews the page.
			Tags: []string{"specialties", "clinics", "promotions", "services:" + catalog.KindService, "services:" + catalog.KindAnalysis, "posts:article"},
		}, nil
	}}
}

func load(ctx context.Context, cat *catalog.Store, promos *promotion.Store, posts *content.Store, req page.Request) (Page, error) {
	lang, region := req.Lang, req.Region.ID
	specs, err := cat.TopSpecialties(ctx, region, lang, specialties)
	if err != nil {
		return Page{}, err
	}
	top, err := cat.Clinics(ctx, catalog.ClinicFilter{RegionID: region, Sort: catalog.SortRating, Lang: lang, Page: 1, PerPage: clinics})
	if err != nil {
		return Page{}, err
	}
	current, err := promos.Current(ctx, region, 0, 1, promotions, lang)
	if err != nil {
		return Page{}, err
	}
	svc, err := popular(ctx, cat, catalog.KindService, region, lang)
	if err != nil {
		return Page{}, err
	}
	tests, err := popular(ctx, cat, catalog.KindAnalysis, region, lang)
	if err != nil {
		return Page{}, err
	}
	latest, err := posts.Posts(ctx, "article", 1, articles, lang)
	if err != nil {
		return Page{}, err
	}
	return Page{
		Specialties: specs,
		Clinics:     top.Clinics,
		Promotions:  current.Promotions,
		Services:    svc,
		Analyses:    tests,
		Articles:    latest.Posts,
	}, nil
}

// popular is the kind's items offered by the most clinics of the region
// (then by name order of the tree), at most services of them, each with
// its lowest price, names in lang.
func popular(ctx context.Context, cat *catalog.Store, kind string, region int64, lang string) ([]catalog.ServiceItem, error) {
	tree, err := cat.ServiceTree(ctx, kind, region, lang)
	if err != nil {
		return nil, err
	}
	var items []catalog.ServiceItem
	for _, c := range tree {
		for _, it := range c.Items {
			if it.ClinicCount > 0 {
				items = append(items, it)
			}
		}
	}
	slices.SortStableFunc(items, func(a, b catalog.ServiceItem) int { return cmp.Compare(b.ClinicCount, a.ClinicCount) })
	return items[:min(len(items), services)], nil
}
