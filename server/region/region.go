// Package region owns the regions of Uzbekistan and their districts: the
// reference data every region-scoped page filters by.
package region

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"sogliq/server/derrors"
	"sogliq/server/i18n"
)

// Region is one of the fourteen regions (Tashkent city counts as one), in
// both languages: the server reads them once and holds them for every
// request (routing, the region picker), so a page picks the name of its
// language with Name.
type Region struct {
	ID     int64  `db:"id" json:"id"`
	Slug   string `db:"slug" json:"slug"`
	Code   string `db:"code" json:"code"`
	NameRu string `db:"name_ru" json:"nameRu"`
	NameUz string `db:"name_uz" json:"nameUz"`
}

// Name returns the region's name in lang: "uz" is Uzbek, anything else Russian.
func (r Region) Name(lang string) string { return i18n.Pick(lang, r.NameRu, r.NameUz) }

// District is a district (tuman) or town of a region, its name in the
// language it was read in (pick_lang).
type District struct {
	ID       int64  `db:"id" json:"id"`
	RegionID int64  `db:"region_id" json:"regionId"`
	Slug     string `db:"slug" json:"slug"`
	Name     string `db:"name" json:"name"`
}

// Store reads regions and districts.
type Store struct {
	db *sqlx.DB
}

// NewStore returns a Store over db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db} }

// Regions returns every region in the order the region picker shows them.
func (s *Store) Regions(ctx context.Context) ([]Region, error) {
	var rs []Region
	const q = `
		SELECT id, slug, code, name_ru, name_uz
		FROM regions
		ORDER BY position, id`
	if err := s.db.SelectContext(ctx, &rs, q); err != nil {
		return nil, fmt.Errorf("region.Regions: %w", err)
	}
	return rs, nil
}

// RegionBySlug returns the region with slug, or an error wrapping
// derrors.NotFound.
func (s *Store) RegionBySlug(ctx context.Context, slug string) (Region, error) {
	var r Region
	const q = `
		SELECT id, slug, code, name_ru, name_uz
		FROM regions
		WHERE slug = $1`
	err := s.db.GetContext(ctx, &r, q, slug)
	if errors.Is(err, sql.ErrNoRows) {
		err = derrors.NotFound
	}
	if err != nil {
		return Region{}, fmt.Errorf("region.RegionBySlug(%q): %w", slug, err)
	}
	return r, nil
}

// RegionByID returns the region with id, or an error wrapping
// derrors.NotFound.
func (s *Store) RegionByID(ctx context.Context, id int64) (Region, error) {
	var r Region
	const q = `
		SELECT id, slug, code, name_ru, name_uz
		FROM regions
		WHERE id = $1`
	err := s.db.GetContext(ctx, &r, q, id)
	if errors.Is(err, sql.ErrNoRows) {
		err = derrors.NotFound
	}
	if err != nil {
		return Region{}, fmt.Errorf("region.RegionByID(%d): %w", id, err)
	}
	return r, nil
}

// Districts returns the districts of a region in lang ordered by Russian
// name; an unknown region has none.
func (s *Store) Districts(ctx context.Context, regionID int64, lang string) ([]District, error) {
	var ds []District
	const q = `
		SELECT id, region_id, slug, pick_lang($2, name_ru, name_uz) AS name
		FROM districts
		WHERE region_id = $1
		ORDER BY name_ru, id`
	if err := s.db.SelectContext(ctx, &ds, q, regionID, lang); err != nil {
		return nil, fmt.Errorf("region.Districts(%d): %w", regionID, err)
	}
	return ds, nil
}

// DistrictBySlug returns the district with slug in a region in lang (the
// {rayon} of /doctors/{slug}/deti/{rayon}), or an error wrapping
// derrors.NotFound.
func (s *Store) DistrictBySlug(ctx context.Context, regionID int64, slug, lang string) (District, error) {
	var d District
	const q = `
		SELECT id, region_id, slug, pick_lang($3, name_ru, name_uz) AS name
		FROM districts
		WHERE region_id = $1 AND slug = $2`
	err := s.db.GetContext(ctx, &d, q, regionID, slug, lang)
	if errors.Is(err, sql.ErrNoRows) {
		err = derrors.NotFound
	}
	if err != nil {
		return District{}, fmt.Errorf("region.DistrictBySlug(%d, %q): %w", regionID, slug, err)
	}
	return d, nil
}
