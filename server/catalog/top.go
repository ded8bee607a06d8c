package catalog

import (
	"context"
	"fmt"

	"github.com/lib/pq"
)

// SpecialtiesByIDs returns the specialties ids in lang, in the order of
// ids; unknown ids are left out.
func (s *Store) SpecialtiesByIDs(ctx context.Context, ids []int64, lang string) ([]SpecialtyRef, error) {
	out := []SpecialtyRef{}
	const q = `
		SELECT s.id, s.slug, pick_lang($2, s.name_ru, s.name_uz) AS name,
			pick_lang($2, s.name_children_ru, s.name_children_uz) AS children_name
		FROM unnest($1::bigint[]) WITH ORDINALITY AS x(id, n)
		JOIN specialties s ON s.id = x.id
		ORDER BY x.n`
	if err := s.db.SelectContext(ctx, &out, q, pq.Array(ids), lang); err != nil {
		return nil, fmt.Errorf("catalog.SpecialtiesByIDs(%v): %w", ids, err)
	}
	return out, nil
}

// TopDoctors returns up to limit doctors of any of the specialties whose
// main region is regionID, most popular first (then rating, then id), texts
// in lang: the doctors a disease or symptom page recommends.
func (s *Store) TopDoctors(ctx context.Context, specialtyIDs []int64, regionID int64, limit int, lang string) ([]DoctorCard, error) {
	cards := []DoctorCard{}
	if len(specialtyIDs) == 0 {
		return cards, nil
	}
	q := `
		SELECT ` + cardColumns("$2") + `
		FROM doctors d
		WHERE d.region_id = $3
			AND EXISTS (
				SELECT 1
				FROM doctor_specialties ds
				WHERE ds.doctor_id = d.id AND ds.specialty_id = ANY($1))
		ORDER BY d.popularity DESC, d.rating DESC, d.id
		LIMIT $4`
	if err := s.db.SelectContext(ctx, &cards, q, pq.Array(specialtyIDs), lang, regionID, limit); err != nil {
		return nil, fmt.Errorf("catalog.TopDoctors(%v, %d): %w", specialtyIDs, regionID, err)
	}
	if err := s.attach(ctx, cards, lang); err != nil {
		return nil, fmt.Errorf("catalog.TopDoctors(%v, %d): %w", specialtyIDs, regionID, err)
	}
	return cards, nil
}
