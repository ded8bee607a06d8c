package catalog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"sogliq/server/derrors"
	"sogliq/server/i18n"
)

// Named is a slugged thing with a name in both languages: a clinic type,
// a clinic specialisation or a district. Count is the number of clinics
// it has in a region where a list says so.
type Named struct {
	ID     int64  `db:"id" json:"id"`
	Slug   string `db:"slug" json:"slug"`
	NameRu string `db:"name_ru" json:"nameRu"`
	NameUz string `db:"name_uz" json:"nameUz"`
	Count  int    `db:"count" json:"count"`
}

// Name returns the name in lang ("uz", else Russian).
func (n Named) Name(lang string) string { return i18n.Pick(lang, n.NameRu, n.NameUz) }

// ClinicTypes lists the clinic types in their fixed order with the number
// of their clinics in regionID.
func (s *Store) ClinicTypes(ctx context.Context, regionID int64) ([]Named, error) {
	ts := []Named{}
	const q = `
		SELECT t.id, t.slug, t.name_ru, t.name_uz, count(c.id) AS count
		FROM clinic_types t
		LEFT JOIN clinics c ON c.type_id = t.id AND c.region_id = $1
		GROUP BY t.id
		ORDER BY t.position, t.id`
	if err := s.db.SelectContext(ctx, &ts, q, regionID); err != nil {
		return nil, fmt.Errorf("catalog.ClinicTypes(%d): %w", regionID, err)
	}
	return ts, nil
}

// ClinicTypeNames lists the clinic types in their fixed order, uncounted:
// the choices of a filter form.
func (s *Store) ClinicTypeNames(ctx context.Context) ([]Named, error) {
	ts := []Named{}
	const q = `
		SELECT id, slug, name_ru, name_uz, 0 AS count
		FROM clinic_types
		ORDER BY position, id`
	if err := s.db.SelectContext(ctx, &ts, q); err != nil {
		return nil, fmt.Errorf("catalog.ClinicTypeNames: %w", err)
	}
	return ts, nil
}

// ClinicProfiles lists the clinic specialisations by name in lang with the
// number of their clinics in regionID.
func (s *Store) ClinicProfiles(ctx context.Context, regionID int64, lang string) ([]Named, error) {
	ps := []Named{}
	const q = `
		SELECT p.id, p.slug, p.name_ru, p.name_uz, count(c.id) AS count
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

// Districts lists the districts of regionID by name in lang.
func (s *Store) Districts(ctx context.Context, regionID int64, lang string) ([]Named, error) {
	ds := []Named{}
	const q = `
		SELECT id, slug, name_ru, name_uz, 0 AS count
		FROM districts
		WHERE region_id = $1
		ORDER BY pick_lang($2, name_ru, name_uz) COLLATE "C", id`
	if err := s.db.SelectContext(ctx, &ds, q, regionID, lang); err != nil {
		return nil, fmt.Errorf("catalog.Districts(%d): %w", regionID, err)
	}
	return ds, nil
}

// ClinicTypeBySlug returns the clinic type with slug, or an error wrapping
// derrors.NotFound.
func (s *Store) ClinicTypeBySlug(ctx context.Context, slug string) (Named, error) {
	const q = `
		SELECT id, slug, name_ru, name_uz, 0 AS count
		FROM clinic_types
		WHERE slug = $1`
	return s.named(ctx, "catalog.ClinicTypeBySlug", q, slug)
}

// ClinicProfileBySlug returns the clinic specialisation with slug, or an
// error wrapping derrors.NotFound.
func (s *Store) ClinicProfileBySlug(ctx context.Context, slug string) (Named, error) {
	const q = `
		SELECT id, slug, name_ru, name_uz, 0 AS count
		FROM clinic_profiles
		WHERE slug = $1`
	return s.named(ctx, "catalog.ClinicProfileBySlug", q, slug)
}

// DistrictBySlug returns the district slug of regionID, or an error
// wrapping derrors.NotFound.
func (s *Store) DistrictBySlug(ctx context.Context, regionID int64, slug string) (Named, error) {
	const q = `
		SELECT id, slug, name_ru, name_uz, 0 AS count
		FROM districts
		WHERE slug = $1
			AND region_id = $2`
	return s.named(ctx, "catalog.DistrictBySlug", q, slug, regionID)
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
