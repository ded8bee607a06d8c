// Package slughistory answers the slug-redirect check of spec §2: an
// entity's former slugs (recorded in slug_history by a trigger on every
// slugged table when a slug changes) lead to its current one.
package slughistory

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

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
// false when old was never its slug.
func (s *Store) Current(ctx context.Context, entity, old string) (slug string, ok bool, err error) {
	table, known := tables[entity]
	if !known {
		return "", false, fmt.Errorf("slughistory.Current: unknown entity %q", entity)
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
