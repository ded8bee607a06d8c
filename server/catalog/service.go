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

// ServiceItem is a node of a services tree as a list shows it, with the
// number of clinics of a region pricing it (for a category: pricing any
// of its items) and the lowest of their prices, 0 when none. Counts and
// prices come from clinic_offers.
type ServiceItem struct {
	ID          int64  `db:"id" json:"id"`
	ParentID    int64  `db:"parent_id" json:"parentId"`
	Slug        string `db:"slug" json:"slug"`
	NameRu      string `db:"name_ru" json:"nameRu"`
	NameUz      string `db:"name_uz" json:"nameUz"`
	ClinicCount int    `db:"clinic_count" json:"clinicCount"`
	MinPrice    int    `db:"min_price" json:"minPrice"`
}

// ServiceCategory is a category with its items.
type ServiceCategory struct {
	ServiceItem `tstype:",extends"`
	Items       []ServiceItem `json:"items"`
}

// Service is a service, diagnostic or analysis (a category or an item)
// with what its page shows.
type Service struct {
	ID              int64  `db:"id" json:"id"`
	Kind            string `db:"kind" json:"kind" tstype:"ServiceKind"`
	ParentID        int64  `db:"parent_id" json:"parentId"`
	Slug            string `db:"slug" json:"slug"`
	NameRu          string `db:"name_ru" json:"nameRu"`
	NameUz          string `db:"name_uz" json:"nameUz"`
	DescriptionRu   string `db:"description_ru" json:"descriptionRu"`
	DescriptionUz   string `db:"description_uz" json:"descriptionUz"`
	PreparationRu   string `db:"preparation_ru" json:"preparationRu"`
	PreparationUz   string `db:"preparation_uz" json:"preparationUz"`
	TurnaroundHours int    `db:"turnaround_hours" json:"turnaroundHours"`
	// Parent is the category of an item; Children the items of a category.
	Parent   *ServiceItem  `db:"-" json:"parent" tstype:"ServiceItem | null,required"`
	Children []ServiceItem `db:"-" json:"children"`
}

// ServiceTree returns the categories of kind in their order, each with its
// items, counted and priced over the clinics of regionID.
func (s *Store) ServiceTree(ctx context.Context, kind string, regionID int64) ([]ServiceCategory, error) {
	var items []ServiceItem
	const q = `
		WITH priced AS (
			SELECT o.service_id, count(*) AS clinic_count, min(o.price_from) AS min_price
			FROM clinic_offers o
			WHERE o.region_id = $2
				AND o.service_id IN (SELECT id FROM services WHERE kind = $1)
			GROUP BY o.service_id
		)
		SELECT s.id, coalesce(s.parent_id, 0) AS parent_id, s.slug, s.name_ru, s.name_uz,
			coalesce(p.clinic_count, 0) AS clinic_count, coalesce(p.min_price, 0) AS min_price
		FROM services s
		LEFT JOIN priced p ON p.service_id = s.id
		WHERE s.kind = $1
		ORDER BY s.parent_id NULLS FIRST, s.position, s.id`
	if err := s.db.SelectContext(ctx, &items, q, kind, regionID); err != nil {
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

// ServiceBySlug returns the service of kind with slug, with its parent or
// its children, or an error wrapping derrors.NotFound.
func (s *Store) ServiceBySlug(ctx context.Context, kind, slug string) (Service, error) {
	var sv Service
	const q = `
		SELECT id, kind, coalesce(parent_id, 0) AS parent_id, slug, name_ru, name_uz,
			description_ru, description_uz, preparation_ru, preparation_uz,
			coalesce(turnaround_hours, 0) AS turnaround_hours
		FROM services
		WHERE kind = $1
			AND slug = $2`
	err := s.db.GetContext(ctx, &sv, q, kind, slug)
	if errors.Is(err, sql.ErrNoRows) {
		err = derrors.NotFound
	}
	if err != nil {
		return Service{}, fmt.Errorf("catalog.ServiceBySlug(%q, %q): %w", kind, slug, err)
	}
	var related []ServiceItem
	const rel = `
		SELECT id, coalesce(parent_id, 0) AS parent_id, slug, name_ru, name_uz, 0 AS clinic_count, 0 AS min_price
		FROM services
		WHERE id = $1 OR parent_id = $2
		ORDER BY position, id`
	if err := s.db.SelectContext(ctx, &related, rel, sv.ParentID, sv.ID); err != nil {
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
