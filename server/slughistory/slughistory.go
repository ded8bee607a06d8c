// Package slughistory answers the slug-redirect check of spec §2: an
// entity's former slugs (recorded in slug_history by a trigger on every
// slugged table when a slug changes) lead to its current one.
package slughistory

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/jmoiron/sqlx"
)

// tables maps the entities of shared/routes.json's "slugOf" to the tables
// holding them.
var tables = map[string]string{
	"clinic":           "clinics",
	"doctor":           "doctors",
	"specialty":        "specialties",
	"service":          "services",
	"diagnostic":       "services",
	"analysis":         "services",
	"clinic_profile":   "clinic_profiles",
	"disease":          "diseases",
	"symptom":          "symptoms",
	"product":          "products",
	"product_category": "product_categories",
	"product_tag":      "product_tags",
	"article":          "posts",
	"news":             "posts",
	"promotion":        "promotions",
}

// byID are the entities whose pages an old link may name by number
// (/doctor/{id} of spec §2): a number in place of the slug leads to the
// current slug too. Their tables hold one kind each, so an id names one
// entity of the route's kind.
var byID = map[string]bool{"doctor": true, "clinic": true}

// Known reports whether entity has a slug history.
func Known(entity string) bool {
	_, ok := tables[entity]
	return ok
}

// Store reads slug_history.
type Store struct {
	db *sqlx.DB
}

// NewStore returns a Store over db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db} }

// Current returns the slug the entity once called old carries now; ok is
// false when old was never its slug. For the entities of byID, old may be
// the entity's id.
func (s *Store) Current(ctx context.Context, entity, old string) (slug string, ok bool, err error) {
	table, known := tables[entity]
	if !known {
		return "", false, fmt.Errorf("slughistory.Current: unknown entity %q", entity)
	}
	if id, err := strconv.ParseInt(old, 10, 64); err == nil && id > 0 && byID[entity] {
		return s.byID(ctx, table, id)
	}
	// table comes from the map above, never from input.
	q := `
		SELECT e.slug
		FROM slug_history h
		JOIN ` + table + ` e ON e.id = h.entity_id
		WHERE h.entity = $1
			AND h.old_slug = $2`
	err = s.db.GetContext(ctx, &slug, q, entity, old)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("slughistory.Current(%q, %q): %w", entity, old, err)
	}
	return slug, true, nil
}

// byID is the slug of table's row id.
func (s *Store) byID(ctx context.Context, table string, id int64) (slug string, ok bool, err error) {
	// table comes from the map above, never from input.
	q := `
		SELECT slug
		FROM ` + table + `
		WHERE id = $1`
	err = s.db.GetContext(ctx, &slug, q, id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("slughistory.byID(%s %d): %w", table, id, err)
	}
	return slug, true, nil
}
