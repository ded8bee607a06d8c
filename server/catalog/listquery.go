package catalog

import (
	"context"
	"errors"
	"fmt"
	"time"

	"sogliq/server/derrors"
	"sogliq/server/page"
)

// listing is what a clinic listing page shows besides the clinics: the
// filters in force, the choices of its filter form, and whether the page
// is a filtered view (noindex).
type listing struct {
	filter    ClinicFilter
	filters   ListingFilters
	districts []Named
	types     []Named
	filtered  bool
}

// readListing reads a listing's query (?page, ?sort, ?district, ?type,
// ?open) into a filter over req's region. Any value it does not know is
// derrors.Invalid: a 400, never an empty page. now is the instant ?open=1
// filters by.
func (s *Store) readListing(ctx context.Context, req page.Request, perPage int, now time.Time) (listing, error) {
	q := req.Query
	pageNo, err := pageNumber(q.Get("page"))
	if err != nil {
		return listing{}, err
	}
	l := listing{
		filter:  ClinicFilter{RegionID: req.Region.ID, Lang: req.Lang, Page: pageNo, PerPage: perPage, Sort: q.Get("sort")},
		filters: ListingFilters{District: q.Get("district"), Type: q.Get("type"), Open: q.Get("open")},
	}
	switch l.filter.Sort {
	case "":
		l.filter.Sort = SortRating
	case SortRating, SortName, SortPrice, SortPopular:
		l.filtered = l.filter.Sort != SortRating
	default:
		return listing{}, fmt.Errorf("sort %q: %w", l.filter.Sort, derrors.Invalid)
	}
	l.filters.Sort = l.filter.Sort
	if l.districts, err = s.heldDistricts(ctx, req.Region.ID, req.Lang); err != nil {
		return listing{}, err
	}
	if l.types, err = s.ClinicTypeNames(ctx, req.Lang); err != nil {
		return listing{}, err
	}
	if slug := q.Get("district"); slug != "" {
		d, err := s.DistrictBySlug(ctx, req.Region.ID, slug, req.Lang)
		if err != nil {
			return listing{}, invalidIfMissing(err)
		}
		l.filter.DistrictID, l.filtered = d.ID, true
	}
	if slug := q.Get("type"); slug != "" {
		t, err := s.ClinicTypeBySlug(ctx, slug, req.Lang)
		if err != nil {
			return listing{}, invalidIfMissing(err)
		}
		l.filter.TypeID, l.filtered = t.ID, true
	}
	switch q.Get("open") {
	case "":
	case "1":
		l.filter.OpenAt, l.filtered = &now, true
	default:
		return listing{}, fmt.Errorf("open %q: %w", q.Get("open"), derrors.Invalid)
	}
	return l, nil
}

// invalidIfMissing turns a NotFound from a query parameter's lookup into
// Invalid: the page exists, the parameter is wrong.
func invalidIfMissing(err error) error {
	if errors.Is(err, derrors.NotFound) {
		return fmt.Errorf("%v: %w", err, derrors.Invalid)
	}
	return err
}

// run loads the page of clinics; a page past the end is NotFound.
func (s *Store) run(ctx context.Context, l listing) (ClinicPage, error) {
	p, err := s.Clinics(ctx, l.filter)
	if err != nil {
		return ClinicPage{}, err
	}
	if p.Page > 1 && len(p.Clinics) == 0 {
		return ClinicPage{}, fmt.Errorf("page %d: %w", p.Page, derrors.NotFound)
	}
	return p, nil
}

// ListingFilters are a clinic listing's query values in force; Sort is
// never empty.
type ListingFilters struct {
	District string `json:"district"`
	Type     string `json:"type"`
	Open     string `json:"open"`
	Sort     string `json:"sort"`
}

// ClinicListing is the data every clinic listing page shares: one page of
// clinics and the filter form. Priced says the listing is of a service, so
// the clinics carry its price; PriceLow and PriceHigh span every match.
type ClinicListing struct {
	Clinics   []ClinicCard   `json:"clinics"`
	Total     int            `json:"total"`
	PriceLow  int            `json:"priceLow"`
	PriceHigh int            `json:"priceHigh"`
	Page      int            `json:"page"`
	PerPage   int            `json:"perPage"`
	Filters   ListingFilters `json:"filters"`
	Districts []Named        `json:"districts"`
	Types     []Named        `json:"types"`
	Priced    bool           `json:"priced"`
}

// data is the page data of a listing: the clinics and the filter form.
func (l listing) data(p ClinicPage) ClinicListing {
	return ClinicListing{
		Clinics: p.Clinics, Total: p.Total, PriceLow: p.PriceLow, PriceHigh: p.PriceHigh, Page: p.Page, PerPage: p.PerPage,
		Filters: l.filters, Districts: l.districts, Types: l.types, Priced: l.filter.ServiceID != 0,
	}
}

// clinicTags are the cache tags of the clinics of a page.
func clinicTags(tags []string, cs []ClinicCard) []string {
	for _, c := range cs {
		tags = append(tags, fmt.Sprintf("clinic:%d", c.ID))
	}
	return tags
}
