package catalog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"

	"sogliq/server/derrors"
	"sogliq/server/page"
)

// CurrentSlug returns the slug now carried by the entity ("clinic", or a
// service kind) that was once called old, from slug_history, or an error
// wrapping derrors.NotFound.
func (s *Store) CurrentSlug(ctx context.Context, entity, old string) (string, error) {
	var slug string
	const q = `
		SELECT coalesce(c.slug, sv.slug)
		FROM slug_history h
		LEFT JOIN clinics c ON h.entity = 'clinic' AND c.id = h.entity_id
		LEFT JOIN services sv ON sv.kind = h.entity AND sv.id = h.entity_id
		WHERE h.entity = $1
			AND h.old_slug = $2
			AND coalesce(c.slug, sv.slug) IS NOT NULL`
	err := s.db.GetContext(ctx, &slug, q, entity, old)
	if errors.Is(err, sql.ErrNoRows) {
		err = derrors.NotFound
	}
	if err != nil {
		return "", fmt.Errorf("catalog.CurrentSlug(%q, %q): %w", entity, old, err)
	}
	return slug, nil
}

// renamed turns a NotFound for req's {slug} into a redirect to the same
// route under the entity's current slug, when slug_history knows one.
func (s *Store) renamed(ctx context.Context, req page.Request, entity string, notFound error) error {
	if !errors.Is(notFound, derrors.NotFound) {
		return notFound
	}
	slug, err := s.CurrentSlug(ctx, entity, req.Params["slug"])
	if err != nil {
		return notFound
	}
	params := maps.Clone(req.Params)
	params["slug"] = slug
	return &page.Redirect{Route: req.Route, Params: params, Query: req.Query}
}
