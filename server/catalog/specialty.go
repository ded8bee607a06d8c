package catalog

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"sogliq/server/derrors"
)

// specialtyColumns are the Specialty columns of specialties s in the
// language $2, less the count.
const specialtyColumns = `s.id, s.slug, pick_lang($2, s.name_ru, s.name_uz) AS name,
			pick_lang($2, s.name_children_ru, s.name_children_uz) AS children_name,
			pick_lang($2, s.description_ru, s.description_uz) AS description`

// Specialties lists every specialty in lang with the number of its doctors
// whose main region is regionID (specialties without doctors included,
// count 0), ordered by name (code-point order, the same on every server:
// Cyrillic and Latin sort alphabetically, ё and apostrophes aside).
func (s *Store) Specialties(ctx context.Context, regionID int64, lang string) ([]Specialty, error) {
	var ss []Specialty
	const q = `
		SELECT ` + specialtyColumns + `, count(ds.doctor_id) AS doctor_count
		FROM specialties s
		LEFT JOIN doctor_specialties ds ON ds.specialty_id = s.id AND ds.region_id = $1
		GROUP BY s.id
		ORDER BY pick_lang($2, s.name_ru, s.name_uz) COLLATE "C", s.id`
	if err := s.db.SelectContext(ctx, &ss, q, regionID, lang); err != nil {
		return nil, fmt.Errorf("catalog.Specialties(%d, %q): %w", regionID, lang, err)
	}
	return ss, nil
}

// SpecialtyBySlug returns the specialty with slug in lang, or an error
// wrapping derrors.NotFound.
func (s *Store) SpecialtyBySlug(ctx context.Context, slug, lang string) (Specialty, error) {
	var sp Specialty
	const q = `
		SELECT ` + specialtyColumns + `, 0 AS doctor_count
		FROM specialties s
		WHERE s.slug = $1`
	err := s.db.GetContext(ctx, &sp, q, slug, lang)
	if errors.Is(err, sql.ErrNoRows) {
		err = derrors.NotFound
	}
	if err != nil {
		return Specialty{}, fmt.Errorf("catalog.SpecialtyBySlug(%q): %w", slug, err)
	}
	return sp, nil
}

// TopSpecialties returns the n most-staffed specialties of the region
// (Specialties, most doctors first; ties keep name order): the home page's.
func (s *Store) TopSpecialties(ctx context.Context, regionID int64, lang string, n int) ([]Specialty, error) {
	ss, err := s.Specialties(ctx, regionID, lang)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(ss, func(a, b Specialty) int { return cmp.Compare(b.DoctorCount, a.DoctorCount) })
	return ss[:min(len(ss), n)], nil
}
