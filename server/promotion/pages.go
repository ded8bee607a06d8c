package promotion

import (
	"context"
	"fmt"
	"strconv"

	"sogliq/server/derrors"
	"sogliq/server/page"
)

// ListPage is the data of /promotion and /promotion/clinic/{id}: one page
// of promotions running today; Clinic is set on a clinic's listing.
type ListPage struct {
	Promotions []Promotion `json:"promotions"`
	Total      int         `json:"total"`
	Page       int         `json:"page"`
	PerPage    int         `json:"perPage"`
	Clinic     *Clinic     `json:"clinic" tstype:"Clinic | null,required"`
}

// DetailPage is the data of /promotion/{slug}.
type DetailPage struct {
	Promotion Promotion `json:"promotion"`
}

// Pages returns the promotion loaders by route name (shared/routes.json);
// perPage is the listing page size.
func Pages(s *Store, perPage int) page.Loaders {
	return page.Loaders{
		"promotions":        s.loadRegion(perPage),
		"promotion":         s.loadPromotion,
		"promotions-clinic": s.loadClinic(perPage),
	}
}

// loadRegion loads /promotion: the promotions running today in the
// visitor's region.
func (s *Store) loadRegion(perPage int) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		n, err := page.Number(req.Query.Get("page"))
		if err != nil {
			return page.Result{}, err
		}
		pg, err := s.Current(ctx, req.Region.ID, 0, n, perPage, req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		if n > 1 && len(pg.Promotions) == 0 {
			return page.Result{}, fmt.Errorf("promotions page %d: %w", n, derrors.NotFound)
		}
		return page.Result{Data: listData(pg, nil), Tags: []string{"promotions"}}, nil
	}
}

// loadClinic loads /promotion/clinic/{id}: one clinic's current promotions.
func (s *Store) loadClinic(perPage int) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		n, err := page.Number(req.Query.Get("page"))
		if err != nil {
			return page.Result{}, err
		}
		id, err := strconv.ParseInt(req.Params["id"], 10, 64)
		if err != nil || id < 1 {
			return page.Result{}, fmt.Errorf("clinic id %q: %w", req.Params["id"], derrors.NotFound)
		}
		c, err := s.ClinicByID(ctx, id, req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		pg, err := s.Current(ctx, 0, c.ID, n, perPage, req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		if n > 1 && len(pg.Promotions) == 0 {
			return page.Result{}, fmt.Errorf("clinic %d promotions page %d: %w", id, n, derrors.NotFound)
		}
		return page.Result{Data: listData(pg, &c), Tags: []string{"promotions", "clinic:" + strconv.FormatInt(id, 10)}}, nil
	}
}

func listData(pg Page, clinic *Clinic) ListPage {
	return ListPage{Promotions: pg.Promotions, Total: pg.Total, Page: pg.Page, PerPage: pg.PerPage, Clinic: clinic}
}

// loadPromotion loads /promotion/{slug}; past the grace period it is 410.
func (s *Store) loadPromotion(ctx context.Context, req page.Request) (page.Result, error) {
	p, err := s.BySlug(ctx, req.Params["slug"], req.Lang)
	if err != nil {
		return page.Result{}, err
	}
	if p.Gone {
		return page.Result{}, fmt.Errorf("promotion %q ended %s: %w", p.Slug, p.EndsOn, derrors.Gone)
	}
	return page.Result{
		Data:    DetailPage{Promotion: p},
		Tags:    []string{"promotion:" + strconv.FormatInt(p.ID, 10)},
		NoIndex: p.Ended,
	}, nil
}

// pageNumber reads ?page: absent is 1, anything but a positive integer wraps
