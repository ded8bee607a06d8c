// Package product owns the medicines: categories, tags (active substances
// and symptoms), the medicine cards with their price ranges and analogues
// (same international name), and the loaders of /product-list, /products,
// /products/{slug}, /products/tag/{slug} and /product/{slug}.
package product

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"sogliq/server/derrors"
)

// Store reads the medicines.
type Store struct {
	db *sqlx.DB
}

// NewStore returns a Store over db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db} }

// Category is a group of medicines; Count is the number of its products.
type Category struct {
	ID            int64  `db:"id" json:"id"`
	Slug          string `db:"slug" json:"slug"`
	NameRu        string `db:"name_ru" json:"nameRu"`
	NameUz        string `db:"name_uz" json:"nameUz"`
	DescriptionRu string `db:"description_ru" json:"descriptionRu"`
	DescriptionUz string `db:"description_uz" json:"descriptionUz"`
	Count         int    `db:"count" json:"count"`
}

// Tag is an active substance or a symptom medicines are filed under.
type Tag struct {
	ID     int64  `db:"id" json:"id"`
	Slug   string `db:"slug" json:"slug"`
	NameRu string `db:"name_ru" json:"nameRu"`
	NameUz string `db:"name_uz" json:"nameUz"`
}

// Card is a medicine as a listing shows it. Prices are so'm.
type Card struct {
	ID           int64  `db:"id" json:"id"`
	Slug         string `db:"slug" json:"slug"`
	NameRu       string `db:"name_ru" json:"nameRu"`
	NameUz       string `db:"name_uz" json:"nameUz"`
	InnRu        string `db:"inn_ru" json:"innRu"`
	InnUz        string `db:"inn_uz" json:"innUz"`
	FormRu       string `db:"form_ru" json:"formRu"`
	FormUz       string `db:"form_uz" json:"formUz"`
	DosageRu     string `db:"dosage_ru" json:"dosageRu"`
	DosageUz     string `db:"dosage_uz" json:"dosageUz"`
	Prescription bool   `db:"prescription" json:"prescription"`
	PriceMin     int    `db:"price_min" json:"priceMin"`
	PriceMax     int    `db:"price_max" json:"priceMax"`
	// Image names the pack's picture (server/images), "" for none.
	Image string `db:"image" json:"image"`
}

// Product is the medicine page.
type Product struct {
	Card                `tstype:",extends"`
	Manufacturer        string   `db:"manufacturer" json:"manufacturer"`
	CountryRu           string   `db:"country_ru" json:"countryRu"`
	CountryUz           string   `db:"country_uz" json:"countryUz"`
	DescriptionRu       string   `db:"description_ru" json:"descriptionRu"`
	DescriptionUz       string   `db:"description_uz" json:"descriptionUz"`
	IndicationsRu       string   `db:"indications_ru" json:"indicationsRu"`
	IndicationsUz       string   `db:"indications_uz" json:"indicationsUz"`
	ContraindicationsRu string   `db:"contraindications_ru" json:"contraindicationsRu"`
	ContraindicationsUz string   `db:"contraindications_uz" json:"contraindicationsUz"`
	Category            Category `db:"-" json:"category"`
	CategoryID          int64    `db:"category_id" json:"-"`
	Tags                []Tag    `db:"-" json:"tags"`
	Analogues           []Card   `db:"-" json:"analogues"`
}

// Page is one page of a medicine listing.
type Page struct {
	Products []Card `json:"products"`
	Total    int    `json:"total"`
	Page     int    `json:"page"`
	PerPage  int    `json:"perPage"`
}

// Filter selects the medicines of a listing: all of them, one category's or
// one tag's (at most one of the two ids set).
type Filter struct {
	CategoryID, TagID int64
	Page, PerPage     int
}

const cardColumns = `p.id, p.slug, p.name_ru, p.name_uz, p.inn_ru, p.inn_uz, p.form_ru, p.form_uz,
			p.dosage_ru, p.dosage_uz, p.prescription, p.price_min, p.price_max, coalesce(p.image, '') AS image`

// filterWhere applies a Filter: $1 category or 0, $2 tag or 0.
const filterWhere = `
		WHERE ($1::bigint = 0 OR p.category_id = $1)
			AND ($2::bigint = 0 OR EXISTS (
				SELECT 1
				FROM product_tag_links l
				WHERE l.product_id = p.id AND l.tag_id = $2))`

// List returns a page of the medicines matching f, alphabetical in lang
// (code-point order), then by id. A page past the end is empty with the
// right Total.
func (s *Store) List(ctx context.Context, f Filter, lang string) (Page, error) {
	pg := Page{Page: max(f.Page, 1), PerPage: max(f.PerPage, 1)}
	const count = `
		SELECT count(*)
		FROM products p` + filterWhere
	if err := s.db.GetContext(ctx, &pg.Total, count, f.CategoryID, f.TagID); err != nil {
		return Page{}, fmt.Errorf("product.List(%+v): %w", f, err)
	}
	const list = `
		SELECT ` + cardColumns + `
		FROM products p` + filterWhere + `
		ORDER BY pick_lang($3, p.name_ru, p.name_uz) COLLATE "C", p.id
		LIMIT $4 OFFSET $5`
	pg.Products = []Card{}
	err := s.db.SelectContext(ctx, &pg.Products, list, f.CategoryID, f.TagID, lang, pg.PerPage, (pg.Page-1)*pg.PerPage)
	if err != nil {
		return Page{}, fmt.Errorf("product.List(%+v): %w", f, err)
	}
	return pg, nil
}

// Categories lists the categories with their product counts, by name in lang.
func (s *Store) Categories(ctx context.Context, lang string) ([]Category, error) {
	cs := []Category{}
	const q = `
		SELECT c.id, c.slug, c.name_ru, c.name_uz, c.description_ru, c.description_uz, count(p.id) AS count
		FROM product_categories c
		LEFT JOIN products p ON p.category_id = c.id
		GROUP BY c.id
		ORDER BY pick_lang($1, c.name_ru, c.name_uz) COLLATE "C", c.id`
	if err := s.db.SelectContext(ctx, &cs, q, lang); err != nil {
		return nil, fmt.Errorf("product.Categories: %w", err)
	}
	return cs, nil
}

// CategoryBySlug returns the category with slug, or an error wrapping
// derrors.NotFound.
func (s *Store) CategoryBySlug(ctx context.Context, slug string) (Category, error) {
	var c Category
	const q = `
		SELECT id, slug, name_ru, name_uz, description_ru, description_uz, 0 AS count
		FROM product_categories
		WHERE slug = $1`
	if err := notFound(s.db.GetContext(ctx, &c, q, slug)); err != nil {
		return Category{}, fmt.Errorf("product.CategoryBySlug(%q): %w", slug, err)
	}
	return c, nil
}

// TagBySlug returns the tag with slug, or an error wrapping derrors.NotFound.
func (s *Store) TagBySlug(ctx context.Context, slug string) (Tag, error) {
	var t Tag
	const q = `
		SELECT id, slug, name_ru, name_uz
		FROM product_tags
		WHERE slug = $1`
	if err := notFound(s.db.GetContext(ctx, &t, q, slug)); err != nil {
		return Tag{}, fmt.Errorf("product.TagBySlug(%q): %w", slug, err)
	}
	return t, nil
}

// BySlug returns the medicine with slug, its category, tags and analogues,
// or an error wrapping derrors.NotFound.
func (s *Store) BySlug(ctx context.Context, slug string) (Product, error) {
	var p Product
	const q = `
		SELECT ` + cardColumns + `, p.category_id, p.manufacturer, p.country_ru, p.country_uz,
			p.description_ru, p.description_uz, p.indications_ru, p.indications_uz,
			p.contraindications_ru, p.contraindications_uz
		FROM products p
		WHERE p.slug = $1`
	if err := notFound(s.db.GetContext(ctx, &p, q, slug)); err != nil {
		return Product{}, fmt.Errorf("product.BySlug(%q): %w", slug, err)
	}
	if err := s.fill(ctx, &p); err != nil {
		return Product{}, fmt.Errorf("product.BySlug(%q): %w", slug, err)
	}
	return p, nil
}

// fill reads what a medicine page shows beside the medicine itself.
func (s *Store) fill(ctx context.Context, p *Product) error {
	const category = `
		SELECT id, slug, name_ru, name_uz, description_ru, description_uz, 0 AS count
		FROM product_categories
		WHERE id = $1`
	if err := s.db.GetContext(ctx, &p.Category, category, p.CategoryID); err != nil {
		return err
	}
	p.Tags = []Tag{}
	const tags = `
		SELECT t.id, t.slug, t.name_ru, t.name_uz
		FROM product_tag_links l
		JOIN product_tags t ON t.id = l.tag_id
		WHERE l.product_id = $1
		ORDER BY t.name_ru, t.id`
	if err := s.db.SelectContext(ctx, &p.Tags, tags, p.ID); err != nil {
		return err
	}
	p.Analogues = []Card{}
	const analogues = `
		SELECT ` + cardColumns + `
		FROM products p
		WHERE p.inn_ru = $1 AND p.id <> $2
		ORDER BY p.price_min, p.id`
	return s.db.SelectContext(ctx, &p.Analogues, analogues, p.InnRu, p.ID)
}

// notFound turns sql.ErrNoRows into derrors.NotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return derrors.NotFound
	}
	return err
}
