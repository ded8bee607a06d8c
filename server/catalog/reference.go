package catalog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"sogliq/server/derrors"
)

// ClinicTypes lists the clinic types in lang in their fixed order with the
// number of their clinics in regionID.
func (s *Store) ClinicTypes(ctx context.Context, regionID int64, lang string) ([]Named, error) {
	ts := []Named{}
	const q = `
		SELECT t.id, t.slug, pick_lang($2, t.name_ru, t.name_uz) AS name, count(c.id) AS count
		FROM clinic_types t
		LEFT JOIN clinics c ON c.type_id = t.id AND c.region_id = $1
		GROUP BY t.id
		ORDER BY t.position, t.id`
	if err := s.db.SelectContext(ctx, &ts, q, regionID, lang); err != nil {
		return nil, fmt.Errorf("catalog.ClinicTypes(%d): %w", regionID, err)
	}
	return ts, nil
}

// ClinicTypeNames lists the clinic types in lang in their fixed order,
// uncounted: the choices of a filter form.
func (s *Store) ClinicTypeNames(ctx context.Context, lang string) ([]Named, error) {
	ts := []Named{}
	const q = `
		SELECT id, slug, pick_lang($1, name_ru, name_uz) AS name, 0 AS count
		FROM clinic_types
		ORDER BY position, id`
	if err := s.db.SelectContext(ctx, &ts, q, lang); err != nil {
		return nil, fmt.Errorf("catalog.ClinicTypeNames: %w", err)
	}
	return ts, nil
}

// ClinicProfiles lists the clinic specialisations in lang, by name, with
// the number of their clinics in regionID.
func (s *Store) ClinicProfiles(ctx context.Context, regionID int64, lang string) ([]Named, error) {
	ps := []Named{}
	const q = `
		SELECT p.id, p.slug, pick_lang($2, p.name_ru, p.name_uz) AS name, count(c.id) AS count
		FROM clinic_profiles p
		LEFT JOIN clinic_profile_links l ON l.profile_id = p.id
		LEFT JOIN clinics c ON c.id = l.clinic_id AND c.region_id = $1
		GROUP BY p.id
		ORDER BY pick_lang($2, p.name_ru, p.name_uz) COLLATE "C", p.id`
	if err := s.db.SelectContext(ctx, &ps, q, regionID, lang); err != nil {
		return nil, fmt.Errorf("catalog.ClinicProfiles(%d): %w", regionID, err)
	}
	return ps, nil
}

// Districts lists the districts of regionID in lang, by name.
func (s *Store) Districts(ctx context.Context, regionID int64, lang string) ([]Named, error) {
	ds := []Named{}
	const q = `
		SELECT id, slug, pick_lang($2, name_ru, name_uz) AS name, 0 AS count
		FROM districts
		WHERE region_id = $1
		ORDER BY pick_lang($2, name_ru, name_uz) COLLATE "C", id`
	if err := s.db.SelectContext(ctx, &ds, q, regionID, lang); err != nil {
		return nil, fmt.Errorf("catalog.Districts(%d): %w", regionID, err)
	}
	return ds, nil
}

// ClinicTypeBySlug returns the clinic type with slug in lang, or an error
// wrapping derrors.NotFound.
func (s *Store) ClinicTypeBySlug(ctx context.Context, slug, lang string) (Named, error) {
	const q = `
		SELECT id, slug, pick_lang($2, name_ru, name_uz) AS name, 0 AS count
		FROM clinic_types
		WHERE slug = $1`
	return s.named(ctx, "catalog.ClinicTypeBySlug", q, slug, lang)
}

// ClinicProfileBySlug returns the clinic specialisation with slug in lang,
// or an error wrapping derrors.NotFound.
func (s *Store) ClinicProfileBySlug(ctx context.Context, slug, lang string) (Named, error) {
	const q = `
		SELECT id, slug, pick_lang($2, name_ru, name_uz) AS name, 0 AS count
		FROM clinic_profiles
		WHERE slug = $1`
	return s.named(ctx, "catalog.ClinicProfileBySlug", q, slug, lang)
}

// DistrictBySlug returns the district slug of regionID in lang, or an
// error wrapping derrors.NotFound.
func (s *Store) DistrictBySlug(ctx context.Context, regionID int64, slug, lang string) (Named, error) {
	const q = `
		SELECT id, slug, pick_lang($3, name_ru, name_uz) AS name, 0 AS count
		FROM districts
		WHERE slug = $1
			AND region_id = $2`
	return s.named(ctx, "catalog.DistrictBySlug", q, slug, regionID, lang)
}

// named runs a query for one Named row; no row is derrors.NotFound.
func (s *Store) named(ctx context.Context, fn, q string, args ...any) (Named, error) {
	var n Named
	err := s.db.GetContext(ctx, &n, q, args...)
	if errors.Is(err, sql.ErrNoRows) {
		err = derrors.NotFound
	}
	if err != nil {
		return Named{}, fmt.Errorf("%s(%v): %w", fn, args, err)
	}
	return n, nil
}
