package catalog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/lib/pq"

	"sogliq/server/derrors"
	"sogliq/server/metrics"
)

// ClinicBySlug returns the clinic card of slug in lang as of now (for
// OpenNow), or an error wrapping derrors.NotFound.
func (s *Store) ClinicBySlug(ctx context.Context, slug, lang string, now time.Time) (Clinic, error) {
	var c Clinic
	q := `
		SELECT ` + clinicCardColumns("$2") + `, 0 AS price_from, 0 AS price_to,
			c.region_id, pick_lang($2, r.name_ru, r.name_uz) AS region,
			pick_lang($2, c.description_ru, c.description_uz) AS description,
			coalesce(c.latitude, 0)::float8 AS latitude, coalesce(c.longitude, 0)::float8 AS longitude,
			c.phones, c.photos, coalesce(c.website, '') AS website, coalesce(c.parent_id, c.id) AS network_id
		FROM clinics c
		JOIN regions r ON r.id = c.region_id
		LEFT JOIN districts di ON di.id = c.district_id
		LEFT JOIN clinic_types t ON t.id = c.type_id
		WHERE c.slug = $1`
	done := metrics.Query("clinics.by_slug")
	err := s.db.GetContext(ctx, &c, q, slug, lang)
	done()
	if errors.Is(err, sql.ErrNoRows) {
		err = derrors.NotFound
	}
	if err != nil {
		return Clinic{}, fmt.Errorf("catalog.ClinicBySlug(%q): %w", slug, err)
	}
	// Empty arrays, not null, in the page's JSON.
	c.Phones, c.Photos = append(pq.StringArray{}, c.Phones...), append(pq.StringArray{}, c.Photos...)
	if err := s.fillClinic(ctx, &c, lang, now); err != nil {
		return Clinic{}, fmt.Errorf("catalog.ClinicBySlug(%q): %w", slug, err)
	}
	return c, nil
}

// fillClinic loads the card's hours, specialisations, branches, doctors and
// prices, texts in lang.
func (s *Store) fillClinic(ctx context.Context, c *Clinic, lang string, now time.Time) error {
	c.Hours = []Hours{}
	const hours = `
		SELECT weekday, opens_min, closes_min
		FROM clinic_hours
		WHERE clinic_id = $1
		ORDER BY weekday`
	if err := s.db.SelectContext(ctx, &c.Hours, hours, c.ID); err != nil {
		return err
	}
	c.OpenNow, c.RoundTheClock = OpenAt(c.Hours, now), RoundTheClock(c.Hours)
	c.Profiles = []Named{}
	const profiles = `
		SELECT p.id, p.slug, pick_lang($2, p.name_ru, p.name_uz) AS name, 0 AS count
		FROM clinic_profile_links l
		JOIN clinic_profiles p ON p.id = l.profile_id
		WHERE l.clinic_id = $1
		ORDER BY p.name_ru, p.id`
	if err := s.db.SelectContext(ctx, &c.Profiles, profiles, c.ID, lang); err != nil {
		return err
	}
	c.Branches = []ClinicCard{}
	q := `
		SELECT ` + clinicCardColumns("$2") + `, 0 AS price_from, 0 AS price_to
		FROM clinics c
		LEFT JOIN districts di ON di.id = c.district_id
		LEFT JOIN clinic_types t ON t.id = c.type_id
		WHERE (c.id = $1 OR c.parent_id = $1)
			AND c.id <> $3
		ORDER BY c.id`
	if err := s.db.SelectContext(ctx, &c.Branches, q, c.NetworkID, lang, c.ID); err != nil {
		return err
	}
	if err := s.clinicDoctors(ctx, c, lang); err != nil {
		return err
	}
	return s.clinicPrices(ctx, c, lang)
}

// clinicDoctors loads the doctors receiving at c in lang, most popular first.
func (s *Store) clinicDoctors(ctx context.Context, c *Clinic, lang string) error {
	c.Doctors = []DoctorCard{}
	q := `
		SELECT ` + cardColumns("$2") + `
		FROM doctor_clinics dc
		JOIN doctors d ON d.id = dc.doctor_id
		WHERE dc.clinic_id = $1
		ORDER BY d.popularity DESC, d.rating DESC, d.id`
	if err := s.db.SelectContext(ctx, &c.Doctors, q, c.ID, lang); err != nil {
		return err
	}
	return s.attach(ctx, c.Doctors, lang)
}

// clinicPrices loads c's prices in lang grouped by category, services
// first, then diagnostics, then analyses, each tree in its order.
func (s *Store) clinicPrices(ctx context.Context, c *Clinic, lang string) error {
	var rows []struct {
		Price
		CatSlug string `db:"cat_slug"`
		CatName string `db:"cat_name"`
	}
	const q = `
		SELECT p.id AS category_id, p.slug AS cat_slug, pick_lang($2, p.name_ru, p.name_uz) AS cat_name,
			s.kind, s.slug, pick_lang($2, s.name_ru, s.name_uz) AS name,
			cs.price_from, coalesce(cs.price_to, 0) AS price_to
		FROM clinic_services cs
		JOIN services s ON s.id = cs.service_id
		JOIN services p ON p.id = s.parent_id
		WHERE cs.clinic_id = $1
		ORDER BY array_position(ARRAY['service', 'diagnostic', 'analysis'], s.kind), p.position, s.position, s.id`
	if err := s.db.SelectContext(ctx, &rows, q, c.ID, lang); err != nil {
		return err
	}
	c.Prices = []PriceCategory{}
	for _, r := range rows {
		n := len(c.Prices)
		if n == 0 || c.Prices[n-1].Slug != r.CatSlug || c.Prices[n-1].Kind != r.Kind {
			c.Prices = append(c.Prices, PriceCategory{Kind: r.Kind, Slug: r.CatSlug, Name: r.CatName, Items: []Price{}})
			n++
		}
		c.Prices[n-1].Items = append(c.Prices[n-1].Items, r.Price)
	}
	return nil
}
