package promotion

import (
	"context"
	"fmt"
	"strconv"

	"sogliq/server/derrors"
	"sogliq/server/i18n"
	"sogliq/server/page"
)

// ListPage is the data of /promotion and /promotion/clinic/{id}: one page
// of promotions running today; Clinic is set on a clinic's listing.
type ListPage struct {
	Promotions []Listed    `json:"promotions"`
	Total      int         `json:"total"`
	Page       int         `json:"page"`
	PerPage    int         `json:"perPage"`
	Clinic     *ClinicText `json:"clinic" tstype:"ClinicText | null,required"`
}

// DetailPage is the data of /promotion/{slug}.
type DetailPage struct {
	Promotion Listed `json:"promotion"`
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
		pg, err := s.Current(ctx, req.Region.ID, 0, n, perPage)
		if err != nil {
			return page.Result{}, err
		}
		if n > 1 && len(pg.Promotions) == 0 {
			return page.Result{}, fmt.Errorf("promotions page %d: %w", n, derrors.NotFound)
		}
		return page.Result{Data: listData(req.Lang, pg, nil), Tags: []string{"promotions"}}, nil
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
		c, err := s.ClinicByID(ctx, id)
		if err != nil {
			return page.Result{}, err
		}
		pg, err := s.Current(ctx, 0, c.ID, n, perPage)
		if err != nil {
			return page.Result{}, err
		}
		if n > 1 && len(pg.Promotions) == 0 {
			return page.Result{}, fmt.Errorf("clinic %d promotions page %d: %w", id, n, derrors.NotFound)
		}
		ct := clinicIn(req.Lang, c)
		return page.Result{Data: listData(req.Lang, pg, &ct), Tags: []string{"promotions", "clinic:" + strconv.FormatInt(id, 10)}}, nil
	}
}

func listData(lang string, pg Page, clinic *ClinicText) ListPage {
	return ListPage{Promotions: withDiscounts(lang, pg.Promotions), Total: pg.Total, Page: pg.Page, PerPage: pg.PerPage, Clinic: clinic}
}

// loadPromotion loads /promotion/{slug}; past the grace period it is 410.
func (s *Store) loadPromotion(ctx context.Context, req page.Request) (page.Result, error) {
	p, err := s.BySlug(ctx, req.Params["slug"])
	if err != nil {
		return page.Result{}, err
	}
	if p.Gone {
		return page.Result{}, fmt.Errorf("promotion %q ended %s: %w", p.Slug, p.EndsOn, derrors.Gone)
	}
	return page.Result{
		Data:    DetailPage{Promotion: withDiscounts(req.Lang, []Promotion{p})[0]},
		Tags:    []string{"promotion:" + strconv.FormatInt(p.ID, 10)},
		NoIndex: p.Ended,
	}, nil
}

// Listed is a promotion as the pages show it: in the visitor's language
// (i18n.Pick), with its discount. Dates are YYYY-MM-DD.
type Listed struct {
	ID          int64      `json:"id"`
	Slug        string     `json:"slug"`
	Title       string     `json:"title"`
	Description string     `json:"description"`
	OldPrice    int        `json:"oldPrice"`
	NewPrice    int        `json:"newPrice"`
	StartsOn    string     `json:"startsOn"`
	EndsOn      string     `json:"endsOn"`
	Ended       bool       `json:"ended"`
	Discount    int        `json:"discount"`
	Clinic      ClinicText `json:"clinic"`
	// Image names the banner (server/images), "" for none.
	Image string `json:"image"`
}

// ClinicText is the clinic of a promotion in the visitor's language.
type ClinicText struct {
	ID      int64  `json:"id"`
	Slug    string `json:"slug"`
	Name    string `json:"name"`
	Address string `json:"address"`
	Phone   string `json:"phone"`
}

func clinicIn(lang string, c Clinic) ClinicText {
	return ClinicText{ID: c.ID, Slug: c.Slug, Name: i18n.Pick(lang, c.NameRu, c.NameUz), Address: i18n.Pick(lang, c.AddressRu, c.AddressUz), Phone: c.Phone}
}

// ListedIn is ps as the pages show them, in lang.
func ListedIn(lang string, ps []Promotion) []Listed { return withDiscounts(lang, ps) }

func withDiscounts(lang string, ps []Promotion) []Listed {
	out := make([]Listed, len(ps))
	for i, p := range ps {
		out[i] = Listed{
			ID: p.ID, Slug: p.Slug,
			Title:       i18n.Pick(lang, p.TitleRu, p.TitleUz),
			Description: i18n.Pick(lang, p.DescriptionRu, p.DescriptionUz),
			OldPrice:    p.OldPrice, NewPrice: p.NewPrice, StartsOn: p.StartsOn, EndsOn: p.EndsOn, Ended: p.Ended, Image: p.Image,
			Discount: p.Discount(), Clinic: clinicIn(lang, p.Clinic),
		}
	}
	return out
}

// pageNumber reads ?page: absent is 1, anything but a positive integer wraps
