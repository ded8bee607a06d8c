package catalog

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"sogliq/server/derrors"
	"sogliq/server/i18n"
)

// Specialty is a doctor specialty (кардиолог / kardiolog). DoctorCount is
// the number of its doctors in a region when listed by Specialties, 0 from
// SpecialtyBySlug.
type Specialty struct {
	ID             int64  `db:"id" json:"id"`
	Slug           string `db:"slug" json:"slug"`
	NameRu         string `db:"name_ru" json:"nameRu"`
	NameUz         string `db:"name_uz" json:"nameUz"`
	ChildrenNameRu string `db:"name_children_ru" json:"childrenNameRu"`
	ChildrenNameUz string `db:"name_children_uz" json:"childrenNameUz"`
	DescriptionRu  string `db:"description_ru" json:"descriptionRu"`
	DescriptionUz  string `db:"description_uz" json:"descriptionUz"`
	DoctorCount    int    `db:"doctor_count" json:"doctorCount"`
}

// Name returns the specialty's name in lang ("uz", else Russian).
func (s Specialty) Name(lang string) string { return i18n.Pick(lang, s.NameRu, s.NameUz) }

// ChildrenName returns the children's specialist's name in lang
// ("детский кардиолог" / "bolalar kardiologi").
func (s Specialty) ChildrenName(lang string) string {
	return i18n.Pick(lang, s.ChildrenNameRu, s.ChildrenNameUz)
}

// Description returns the specialty's description in lang.
func (s Specialty) Description(lang string) string {
	return i18n.Pick(lang, s.DescriptionRu, s.DescriptionUz)
}

// Specialties lists every specialty with the number of its doctors whose
// main region is regionID (specialties without doctors included, count 0),
// ordered by name in lang (code-point order, the same on every server:
// Cyrillic and Latin sort alphabetically, ё and apostrophes aside).
func (s *Store) Specialties(ctx context.Context, regionID int64, lang string) ([]Specialty, error) {
	var ss []Specialty
	const q = `
		SELECT s.id, s.slug, s.name_ru, s.name_uz, s.name_children_ru, s.name_children_uz,
			s.description_ru, s.description_uz, count(ds.doctor_id) AS doctor_count
		FROM specialties s
		LEFT JOIN doctor_specialties ds ON ds.specialty_id = s.id AND ds.region_id = $1
		GROUP BY s.id
		ORDER BY pick_lang($2, s.name_ru, s.name_uz) COLLATE "C", s.id`
	if err := s.db.SelectContext(ctx, &ss, q, regionID, lang); err != nil {
		return nil, fmt.Errorf("catalog.Specialties(%d, %q): %w", regionID, lang, err)
	}
	return ss, nil
}

// SpecialtyBySlug returns the specialty with slug, or an error wrapping
// derrors.NotFound.
func (s *Store) SpecialtyBySlug(ctx context.Context, slug string) (Specialty, error) {
	var sp Specialty
	const q = `
		SELECT id, slug, name_ru, name_uz, name_children_ru, name_children_uz,
			description_ru, description_uz, 0 AS doctor_count
		FROM specialties
		WHERE slug = $1`
	err := s.db.GetContext(ctx, &sp, q, slug)
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
