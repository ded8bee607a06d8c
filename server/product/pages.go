package product

import (
	"context"
	"fmt"
	"strconv"

	"sogliq/server/derrors"
	"sogliq/server/page"
)

// CategoriesPage is the data of /lekarstva: the categories of medicines.
type CategoriesPage struct {
	Categories []Category `json:"categories"`
}

// ListPage is the data of a medicine listing: every medicine, a
// category's (Category set) or a tag's (Tag set).
type ListPage struct {
	By       string    `json:"by" tstype:"'all' | 'category' | 'tag'"`
	Category *Category `json:"category,omitempty"`
	Tag      *Tag      `json:"tag,omitempty"`
	Products []Card    `json:"products"`
	Total    int       `json:"total"`
	Page     int       `json:"page"`
	PerPage  int       `json:"perPage"`
}

// DetailPage is the data of a medicine's page.
type DetailPage struct {
	Product Product `json:"product"`
}

// Pages returns the medicine loaders by route name (shared/routes.json);
// perPage is the listing page size.
func Pages(s *Store, perPage int) page.Loaders {
	return page.Loaders{
		"product-list":     s.listing(perPage, "all"),
		"product-category": s.listing(perPage, "category"),
		"product-tag":      s.listing(perPage, "tag"),
		"products":         s.loadCategories,
		"product":          s.loadProduct,
	}
}

func (s *Store) loadCategories(ctx context.Context, req page.Request) (page.Result, error) {
	cs, err := s.Categories(ctx, req.Lang)
	if err != nil {
		return page.Result{}, err
	}
	return page.Result{Data: CategoriesPage{Categories: cs}, Tags: []string{"products"}}, nil
}

// listing loads a paginated medicine list: every medicine ("all"), a
// category's or a tag's.
func (s *Store) listing(perPage int, by string) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		n, err := page.Number(req.Query.Get("page"))
		if err != nil {
			return page.Result{}, err
		}
		f := Filter{Page: n, PerPage: perPage}
		data := ListPage{By: by}
		switch by {
		case "category":
			c, err := s.CategoryBySlug(ctx, req.Params["slug"], req.Lang)
			if err != nil {
				return page.Result{}, err
			}
			f.CategoryID, data.Category = c.ID, &c
		case "tag":
			t, err := s.TagBySlug(ctx, req.Params["slug"], req.Lang)
			if err != nil {
				return page.Result{}, err
			}
			f.TagID, data.Tag = t.ID, &t
		}
		pg, err := s.List(ctx, f, req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		if n > 1 && len(pg.Products) == 0 {
			return page.Result{}, fmt.Errorf("product listing page %d: %w", n, derrors.NotFound)
		}
		data.Products, data.Total, data.Page, data.PerPage = pg.Products, pg.Total, pg.Page, pg.PerPage
		return page.Result{Data: data, Tags: []string{"products"}}, nil
	}
}

func (s *Store) loadProduct(ctx context.Context, req page.Request) (page.Result, error) {
	p, err := s.BySlug(ctx, req.Params["slug"], req.Lang)
	if err != nil {
		return page.Result{}, err
	}
	return page.Result{Data: DetailPage{Product: p}, Tags: []string{"product:" + strconv.FormatInt(p.ID, 10)}}, nil
}

// PageNumber reads a ?page parameter: absent is 1, anything but a positive
