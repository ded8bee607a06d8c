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

// cardColumns are the Card columns of products p, their texts in the
// language of the placeholder lang: a listing's filters hold the first
// placeholders, so each query says where its language stands.
func cardColumns(lang string) string {
	return `p.id, p.slug, pick_lang(` + lang + `, p.name_ru, p.name_uz) AS name,
			pick_lang(` + lang + `, p.inn_ru, p.inn_uz) AS inn,
			pick_lang(` + lang + `, p.form_ru, p.form_uz) AS form,
			pick_lang(` + lang + `, p.dosage_ru, p.dosage_uz) AS dosage,
			p.prescription, p.price_min, p.price_max, coalesce(p.image, '') AS image`
}

// filterWhere applies a Filter: $1 category or 0, $2 tag or 0.
const filterWhere = `
		WHERE ($1::bigint = 0 OR p.category_id = $1)
			AND ($2::bigint = 0 OR EXISTS (
				SELECT 1
				FROM product_tag_links l
				WHERE l.product_id = p.id AND l.tag_id = $2))`

// List returns a page of the medicines matching f in lang, alphabetical
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
	list := `
		SELECT ` + cardColumns("$3") + `
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

// categoryColumns are the Category columns of product_categories c in the
// language $1, less the count.
const categoryColumns = `c.id, c.slug, pick_lang($1, c.name_ru, c.name_uz) AS name,
			pick_lang($1, c.description_ru, c.description_uz) AS description`

// Categories lists the categories in lang with their product counts, by
// name.
func (s *Store) Categories(ctx context.Context, lang string) ([]Category, error) {
	cs := []Category{}
	const q = `
		SELECT ` + categoryColumns + `, count(p.id) AS count
		FROM product_categories c
		LEFT JOIN products p ON p.category_id = c.id
		GROUP BY c.id
		ORDER BY pick_lang($1, c.name_ru, c.name_uz) COLLATE "C", c.id`
	if err := s.db.SelectContext(ctx, &cs, q, lang); err != nil {
		return nil, fmt.Errorf("product.Categories: %w", err)
	}
	return cs, nil
}

// CategoryBySlug returns the category with slug in lang, or an error
// wrapping derrors.NotFound.
func (s *Store) CategoryBySlug(ctx context.Context, slug, lang string) (Category, error) {
	var c Category
	const q = `
		SELECT ` + categoryColumns + `, 0 AS count
		FROM product_categories c
		WHERE c.slug = $2`
	if err := notFound(s.db.GetContext(ctx, &c, q, lang, slug)); err != nil {
		return Category{}, fmt.Errorf("product.CategoryBySlug(%q): %w", slug, err)
	}
	return c, nil
}

// TagBySlug returns the tag with slug in lang, or an error wrapping
// derrors.NotFound.
func (s *Store) TagBySlug(ctx context.Context, slug, lang string) (Tag, error) {
	var t Tag
	const q = `
		SELECT id, slug, pick_lang($2, name_ru, name_uz) AS name
		FROM product_tags
		WHERE slug = $1`
	if err := notFound(s.db.GetContext(ctx, &t, q, slug, lang)); err != nil {
		return Tag{}, fmt.Errorf("product.TagBySlug(%q): %w", slug, err)
	}
	return t, nil
}

// BySlug returns the medicine with slug in lang, its category, tags and
// analogues, or an error wrapping derrors.NotFound.
func (s *Store) BySlug(ctx context.Context, slug, lang string) (Product, error) {
	var p Product
	q := `
		SELECT ` + cardColumns("$2") + `, p.category_id, p.manufacturer,
			pick_lang($2, p.country_ru, p.country_uz) AS country,
			pick_lang($2, p.description_ru, p.description_uz) AS description,
			pick_lang($2, p.indications_ru, p.indications_uz) AS indications,
			pick_lang($2, p.contraindications_ru, p.contraindications_uz) AS contraindications
		FROM products p
		WHERE p.slug = $1`
	if err := notFound(s.db.GetContext(ctx, &p, q, slug, lang)); err != nil {
		return Product{}, fmt.Errorf("product.BySlug(%q): %w", slug, err)
	}
	if err := s.fill(ctx, &p, lang); err != nil {
		return Product{}, fmt.Errorf("product.BySlug(%q): %w", slug, err)
	}
	return p, nil
}

// fill reads what a medicine page shows beside the medicine itself, in
// lang. Analogues share the Russian international name, the one every
// medicine has.
func (s *Store) fill(ctx context.Context, p *Product, lang string) error {
	const category = `
		SELECT ` + categoryColumns + `, 0 AS count
		FROM product_categories c
		WHERE c.id = $2`
	if err := s.db.GetContext(ctx, &p.Category, category, lang, p.CategoryID); err != nil {
		return err
	}
	p.Tags = []Tag{}
	const tags = `
		SELECT t.id, t.slug, pick_lang($2, t.name_ru, t.name_uz) AS name
		FROM product_tag_links l
		JOIN product_tags t ON t.id = l.tag_id
		WHERE l.product_id = $1
		ORDER BY t.name_ru, t.id`
	if err := s.db.SelectContext(ctx, &p.Tags, tags, p.ID, lang); err != nil {
		return err
	}
	p.Analogues = []Card{}
	analogues := `
		SELECT ` + cardColumns("$2") + `
		FROM products p
		JOIN products self ON self.id = $1
		WHERE p.inn_ru = self.inn_ru
			AND p.id <> self.id
		ORDER BY p.price_min, p.id`
	return s.db.SelectContext(ctx, &p.Analogues, analogues, p.ID, lang)
}

// notFound turns sql.ErrNoRows into derrors.NotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return derrors.NotFound
	}
	return err
}
