package catalog

import (
	"context"
	"fmt"

	"github.com/lib/pq"

	"sogliq/server/metrics"
)

// attach fills the specialties, clinics and minimum price of cards, texts
// in lang, with one query each for the whole slice, not one per card.
func (s *Store) attach(ctx context.Context, cards []DoctorCard, lang string) error {
	if len(cards) == 0 {
		return nil
	}
	ids := make([]int64, len(cards))
	index := make(map[int64]int, len(cards))
	for i, c := range cards {
		ids[i] = c.ID
		index[c.ID] = i
		cards[i].Specialties = []SpecialtyRef{}
		cards[i].Clinics = []ClinicRef{}
	}
	specs, err := s.specialtiesOf(ctx, ids, lang)
	if err != nil {
		return err
	}
	for _, r := range specs {
		c := &cards[index[r.DoctorID]]
		c.Specialties = append(c.Specialties, r.SpecialtyRef)
	}
	clinics, err := s.clinicsOf(ctx, ids, lang)
	if err != nil {
		return err
	}
	for _, r := range clinics {
		c := &cards[index[r.DoctorID]]
		if len(c.Clinics) == 0 || r.Price < c.MinPrice {
			c.MinPrice = r.Price
		}
		c.Clinics = append(c.Clinics, r.ClinicRef)
	}
	return nil
}

// doctorSpecialty is a SpecialtyRef with the doctor it belongs to.
type doctorSpecialty struct {
	DoctorID int64 `db:"doctor_id"`
	SpecialtyRef
}

// specialtiesOf returns the specialties of the doctors ids in lang, by
// Russian name.
func (s *Store) specialtiesOf(ctx context.Context, ids []int64, lang string) ([]doctorSpecialty, error) {
	rs := make([]doctorSpecialty, 0, 2*len(ids)) // most doctors have one or two
	const q = `
		SELECT ds.doctor_id, s.id, s.slug, pick_lang($2, s.name_ru, s.name_uz) AS name,
			pick_lang($2, s.name_children_ru, s.name_children_uz) AS children_name
		FROM doctor_specialties ds
		JOIN specialties s ON s.id = ds.specialty_id
		WHERE ds.doctor_id = ANY($1)
		ORDER BY ds.doctor_id, s.name_ru, s.id`
	defer metrics.Query("doctors.specialties")()
	if err := s.selectFixed(ctx, &rs, q, pq.Array(ids), lang); err != nil {
		return nil, fmt.Errorf("catalog.specialtiesOf: %w", err)
	}
	return rs, nil
}

// doctorClinic is a ClinicRef with the doctor it belongs to.
type doctorClinic struct {
	DoctorID int64 `db:"doctor_id"`
	ClinicRef
}

// clinicsOf returns the clinics of the doctors ids in lang, cheapest first.
func (s *Store) clinicsOf(ctx context.Context, ids []int64, lang string) ([]doctorClinic, error) {
	rs := make([]doctorClinic, 0, 3*len(ids)) // a doctor works at one to three, as a rule
	const q = `
		SELECT dc.doctor_id, c.id, c.slug, pick_lang($2, c.name_ru, c.name_uz) AS name,
			pick_lang($2, c.address_ru, c.address_uz) AS address,
			coalesce(pick_lang($2, di.name_ru, di.name_uz), '') AS district,
			c.phone, dc.price
		FROM doctor_clinics dc
		JOIN clinics c ON c.id = dc.clinic_id
		LEFT JOIN districts di ON di.id = c.district_id
		WHERE dc.doctor_id = ANY($1)
		ORDER BY dc.doctor_id, dc.price, c.id`
	defer metrics.Query("doctors.clinics")()
	if err := s.selectFixed(ctx, &rs, q, pq.Array(ids), lang); err != nil {
		return nil, fmt.Errorf("catalog.clinicsOf: %w", err)
	}
	return rs, nil
}
