package product

import (
	"context"
	"fmt"
	"strconv"

	"sogliq/server/derrors"
	"sogliq/server/i18n"
	"sogliq/server/page"
)

// CategoriesPage is the data of /lekarstva: the categories of medicines.
type CategoriesPage struct {
	Categories []CategoryText `json:"categories"`
}

// ListPage is the data of a medicine listing: every medicine, a
// category's (Category set) or a tag's (Tag set).
type ListPage struct {
	By       string        `json:"by" tstype:"'all' | 'category' | 'tag'"`
	Category *CategoryText `json:"category,omitempty"`
	Tag      *TagText      `json:"tag,omitempty"`
	Products []CardText    `json:"products"`
	Total    int           `json:"total"`
	Page     int           `json:"page"`
	PerPage  int           `json:"perPage"`
}

// DetailPage is the data of a medicine's page.
type DetailPage struct {
	Product ProductText `json:"product"`
}

// The page data carries the texts of the visitor's language only, picked
// by i18n.Pick; the store's types keep both for the sitemap and the tests.
// Each XText is X with the JSON names less the Ru/Uz suffix.

// CategoryText is a Category in one language.
type CategoryText struct {
	ID          int64  `json:"id"`
	Slug        string `json:"slug"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Count       int    `json:"count"`
}

// In returns c in lang.
func (c Category) In(lang string) CategoryText {
	return CategoryText{
		ID: c.ID, Slug: c.Slug, Name: i18n.Pick(lang, c.NameRu, c.NameUz),
		Description: i18n.Pick(lang, c.DescriptionRu, c.DescriptionUz), Count: c.Count,
	}
}

// TagText is a Tag in one language.
type TagText struct {
	ID   int64  `json:"id"`
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// In returns t in lang.
func (t Tag) In(lang string) TagText {
	return TagText{ID: t.ID, Slug: t.Slug, Name: i18n.Pick(lang, t.NameRu, t.NameUz)}
}

// CardText is a Card in one language.
type CardText struct {
	ID           int64  `json:"id"`
	Slug         string `json:"slug"`
	Name         string `json:"name"`
	Inn          string `json:"inn"`
	Form         string `json:"form"`
	Dosage       string `json:"dosage"`
	Prescription bool   `json:"prescription"`
	PriceMin     int    `json:"priceMin"`
	PriceMax     int    `json:"priceMax"`
	// Image names the pack's picture (server/images), "" for none.
	Image string `json:"image"`
}

// In returns c in lang.
func (c Card) In(lang string) CardText {
	return CardText{
		ID: c.ID, Slug: c.Slug,
		Name:         i18n.Pick(lang, c.NameRu, c.NameUz),
		Inn:          i18n.Pick(lang, c.InnRu, c.InnUz),
		Form:         i18n.Pick(lang, c.FormRu, c.FormUz),
		Dosage:       i18n.Pick(lang, c.DosageRu, c.DosageUz),
		Prescription: c.Prescription, PriceMin: c.PriceMin, PriceMax: c.PriceMax, Image: c.Image,
	}
}

// ProductText is a Product in one language.
type ProductText struct {
	CardText          `tstype:",extends"`
	Manufacturer      string       `json:"manufacturer"`
	Country           string       `json:"country"`
	Description       string       `json:"description"`
	Indications       string       `json:"indications"`
	Contraindications string       `json:"contraindications"`
	Category          CategoryText `json:"category"`
	Tags              []TagText    `json:"tags"`
	Analogues         []CardText   `json:"analogues"`
}

// In returns p in lang.
func (p Product) In(lang string) ProductText {
	return ProductText{
		CardText: p.Card.In(lang), Manufacturer: p.Manufacturer,
		Country:           i18n.Pick(lang, p.CountryRu, p.CountryUz),
		Description:       i18n.Pick(lang, p.DescriptionRu, p.DescriptionUz),
		Indications:       i18n.Pick(lang, p.IndicationsRu, p.IndicationsUz),
		Contraindications: i18n.Pick(lang, p.ContraindicationsRu, p.ContraindicationsUz),
		Category:          p.Category.In(lang), Tags: i18n.In(lang, p.Tags, Tag.In), Analogues: i18n.In(lang, p.Analogues, Card.In),
	}
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
	return page.Result{Data: CategoriesPage{Categories: i18n.In(req.Lang, cs, Category.In)}, Tags: []string{"products"}}, nil
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
			c, err := s.CategoryBySlug(ctx, req.Params["slug"])
			if err != nil {
				return page.Result{}, err
			}
			ct := c.In(req.Lang)
			f.CategoryID, data.Category = c.ID, &ct
		case "tag":
			t, err := s.TagBySlug(ctx, req.Params["slug"])
			if err != nil {
				return page.Result{}, err
			}
			tt := t.In(req.Lang)
			f.TagID, data.Tag = t.ID, &tt
		}
		pg, err := s.List(ctx, f, req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		if n > 1 && len(pg.Products) == 0 {
			return page.Result{}, fmt.Errorf("product listing page %d: %w", n, derrors.NotFound)
		}
		data.Products = i18n.In(req.Lang, pg.Products, Card.In)
		data.Total, data.Page, data.PerPage = pg.Total, pg.Page, pg.PerPage
		return page.Result{Data: data, Tags: []string{"products"}}, nil
	}
}

func (s *Store) loadProduct(ctx context.Context, req page.Request) (page.Result, error) {
	p, err := s.BySlug(ctx, req.Params["slug"])
	if err != nil {
		return page.Result{}, err
	}
	return page.Result{Data: DetailPage{Product: p.In(req.Lang)}, Tags: []string{"product:" + strconv.FormatInt(p.ID, 10)}}, nil
}

// PageNumber reads a ?page parameter: absent is 1, anything but a positive
