package catalog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"sogliq/server/derrors"
)

// Service kinds: the three trees of the services table.
const (
	KindService    = "service"    // /uslugi
	KindDiagnostic = "diagnostic" // /diagnostika
	KindAnalysis   = "analysis"   // /uslugi/analizy
)

// ServiceTree returns the categories of kind in lang in their order, each
// with its items, counted and priced over the clinics of regionID.
func (s *Store) ServiceTree(ctx context.Context, kind string, regionID int64, lang string) ([]ServiceCategory, error) {
	var items []ServiceItem
	const q = `
		WITH priced AS (
			SELECT o.service_id, count(*) AS clinic_count, min(o.price_from) AS min_price
			FROM clinic_offers o
			WHERE o.region_id = $2
				AND o.service_id IN (SELECT id FROM services WHERE kind = $1)
			GROUP BY o.service_id
		)
		SELECT s.id, coalesce(s.parent_id, 0) AS parent_id, s.slug, pick_lang($3, s.name_ru, s.name_uz) AS name,
			coalesce(p.clinic_count, 0) AS clinic_count, coalesce(p.min_price, 0) AS min_price
		FROM services s
		LEFT JOIN priced p ON p.service_id = s.id
		WHERE s.kind = $1
		ORDER BY s.parent_id NULLS FIRST, s.position, s.id`
	if err := s.db.SelectContext(ctx, &items, q, kind, regionID, lang); err != nil {
		return nil, fmt.Errorf("catalog.ServiceTree(%q, %d): %w", kind, regionID, err)
	}
	cats := []ServiceCategory{}
	index := map[int64]int{}
	for _, it := range items {
		if it.ParentID == 0 {
			index[it.ID] = len(cats)
			cats = append(cats, ServiceCategory{ServiceItem: it, Items: []ServiceItem{}})
			continue
		}
		c := &cats[index[it.ParentID]]
		c.Items = append(c.Items, it)
	}
	return cats, nil
}

// ServiceBySlug returns the service of kind with slug in lang, with its
// parent or its children, or an error wrapping derrors.NotFound.
func (s *Store) ServiceBySlug(ctx context.Context, kind, slug, lang string) (Service, error) {
	var sv Service
	const q = `
		SELECT id, kind, coalesce(parent_id, 0) AS parent_id, slug, pick_lang($3, name_ru, name_uz) AS name,
			pick_lang($3, description_ru, description_uz) AS description,
			pick_lang($3, preparation_ru, preparation_uz) AS preparation,
			coalesce(turnaround_hours, 0) AS turnaround_hours
		FROM services
		WHERE kind = $1
			AND slug = $2`
	err := s.db.GetContext(ctx, &sv, q, kind, slug, lang)
	if errors.Is(err, sql.ErrNoRows) {
		err = derrors.NotFound
	}
	if err != nil {
		return Service{}, fmt.Errorf("catalog.ServiceBySlug(%q, %q): %w", kind, slug, err)
	}
	var related []ServiceItem
	const rel = `
		SELECT id, coalesce(parent_id, 0) AS parent_id, slug, pick_lang($3, name_ru, name_uz) AS name,
			0 AS clinic_count, 0 AS min_price
		FROM services
		WHERE id = $1 OR parent_id = $2
		ORDER BY position, id`
	if err := s.db.SelectContext(ctx, &related, rel, sv.ParentID, sv.ID, lang); err != nil {
		return Service{}, fmt.Errorf("catalog.ServiceBySlug(%q, %q): %w", kind, slug, err)
	}
	sv.Children = []ServiceItem{}
	for _, r := range related {
		if r.ID == sv.ParentID {
			sv.Parent = &r
		} else {
			sv.Children = append(sv.Children, r)
		}
	}
	return sv, nil
}
