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

// Clinic is the clinic card: the listing card and what only the card shows.
type Clinic struct {
	ClinicCard    `tstype:",extends"`
	RegionID      int64          `db:"region_id" json:"regionId"`
	RegionRu      string         `db:"region_ru" json:"regionRu"`
	RegionUz      string         `db:"region_uz" json:"regionUz"`
	DescriptionRu string         `db:"description_ru" json:"descriptionRu"`
	DescriptionUz string         `db:"description_uz" json:"descriptionUz"`
	Latitude      float64        `db:"latitude" json:"latitude"`
	Longitude     float64        `db:"longitude" json:"longitude"`
	Phones        pq.StringArray `db:"phones" json:"phones"`
	Photos        pq.StringArray `db:"photos" json:"photos"`
	// Website is the clinic's own https site, or "".
	Website   string `db:"website" json:"website"`
	NetworkID int64  `db:"network_id" json:"-"`
	// Hours has a row per working weekday; OpenNow and RoundTheClock are
	// computed when the card is loaded.
	Hours         []Hours         `db:"-" json:"hours"`
	OpenNow       bool            `db:"-" json:"openNow"`
	RoundTheClock bool            `db:"-" json:"roundTheClock"`
	Profiles      []Named         `db:"-" json:"profiles"`
	Branches      []ClinicCard    `db:"-" json:"branches"`
	Doctors       []DoctorCard    `db:"-" json:"doctors"`
	Prices        []PriceCategory `db:"-" json:"prices"`
}

// Price is one priced item of a clinic; PriceTo is 0 unless a range.
type Price struct {
	CategoryID int64  `db:"category_id" json:"-"`
	Kind       string `db:"kind" json:"kind"`
	Slug       string `db:"slug" json:"slug"`
	NameRu     string `db:"name_ru" json:"nameRu"`
	NameUz     string `db:"name_uz" json:"nameUz"`
	PriceFrom  int    `db:"price_from" json:"priceFrom"`
	PriceTo    int    `db:"price_to" json:"priceTo"`
}

// PriceCategory groups a clinic's prices by category of a tree.
type PriceCategory struct {
	Kind   string  `json:"kind"`
	Slug   string  `json:"slug"`
	NameRu string  `json:"nameRu"`
	NameUz string  `json:"nameUz"`
	Items  []Price `json:"items"`
}

// ClinicBySlug returns the clinic card of slug as of now (for OpenNow),
// or an error wrapping derrors.NotFound.
func (s *Store) ClinicBySlug(ctx context.Context, slug string, now time.Time) (Clinic, error) {
	var c Clinic
	const q = `
		SELECT ` + clinicCardColumns + `, 0 AS price_from, 0 AS price_to,
			c.region_id, r.name_ru AS region_ru, r.name_uz AS region_uz, c.description_ru, c.description_uz,
			coalesce(c.latitude, 0)::float8 AS latitude, coalesce(c.longitude, 0)::float8 AS longitude,
			c.phones, c.photos, coalesce(c.website, '') AS website, coalesce(c.parent_id, c.id) AS network_id
		FROM clinics c
		JOIN regions r ON r.id = c.region_id
		LEFT JOIN districts di ON di.id = c.district_id
		LEFT JOIN clinic_types t ON t.id = c.type_id
		WHERE c.slug = $1`
	done := metrics.Query("clinics.by_slug")
	err := s.db.GetContext(ctx, &c, q, slug)
	done()
	if errors.Is(err, sql.ErrNoRows) {
		err = derrors.NotFound
	}
	if err != nil {
		return Clinic{}, fmt.Errorf("catalog.ClinicBySlug(%q): %w", slug, err)
	}
	// Empty arrays, not null, in the page's JSON.
	c.Phones, c.Photos = append(pq.StringArray{}, c.Phones...), append(pq.StringArray{}, c.Photos...)
	if err := s.fillClinic(ctx, &c, now); err != nil {
		return Clinic{}, fmt.Errorf("catalog.ClinicBySlug(%q): %w", slug, err)
	}
	return c, nil
}

// fillClinic loads the card's hours, specialisations, branches, doctors and prices.
func (s *Store) fillClinic(ctx context.Context, c *Clinic, now time.Time) error {
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
		SELECT p.id, p.slug, p.name_ru, p.name_uz, 0 AS count
		FROM clinic_profile_links l
		JOIN clinic_profiles p ON p.id = l.profile_id
		WHERE l.clinic_id = $1
		ORDER BY p.name_ru, p.id`
	if err := s.db.SelectContext(ctx, &c.Profiles, profiles, c.ID); err != nil {
		return err
	}
	c.Branches = []ClinicCard{}
	const branches = `
		SELECT ` + clinicCardColumns + `, 0 AS price_from, 0 AS price_to
		FROM clinics c
		LEFT JOIN districts di ON di.id = c.district_id
		LEFT JOIN clinic_types t ON t.id = c.type_id
		WHERE (c.id = $1 OR c.parent_id = $1)
			AND c.id <> $2
		ORDER BY c.id`
	if err := s.db.SelectContext(ctx, &c.Branches, branches, c.NetworkID, c.ID); err != nil {
		return err
	}
	if err := s.clinicDoctors(ctx, c); err != nil {
		return err
	}
	return s.clinicPrices(ctx, c)
}

// clinicDoctors loads the doctors receiving at c, most popular first.
func (s *Store) clinicDoctors(ctx context.Context, c *Clinic) error {
	c.Doctors = []DoctorCard{}
	const q = `
		SELECT ` + cardColumns + `
		FROM doctor_clinics dc
		JOIN doctors d ON d.id = dc.doctor_id
		WHERE dc.clinic_id = $1
		ORDER BY d.popularity DESC, d.rating DESC, d.id`
	if err := s.db.SelectContext(ctx, &c.Doctors, q, c.ID); err != nil {
		return err
	}
	return s.attach(ctx, c.Doctors)
}

// clinicPrices loads c's prices grouped by category, services first, then
// diagnostics, then analyses, each tree in its order.
func (s *Store) clinicPrices(ctx context.Context, c *Clinic) error {
	var rows []struct {
		Price
		CatSlug string `db:"cat_slug"`
		CatRu   string `db:"cat_ru"`
		CatUz   string `db:"cat_uz"`
	}
	const q = `
		SELECT p.id AS category_id, p.slug AS cat_slug, p.name_ru AS cat_ru, p.name_uz AS cat_uz,
			s.kind, s.slug, s.name_ru, s.name_uz, cs.price_from, coalesce(cs.price_to, 0) AS price_to
		FROM clinic_services cs
		JOIN services s ON s.id = cs.service_id
		JOIN services p ON p.id = s.parent_id
		WHERE cs.clinic_id = $1
		ORDER BY array_position(ARRAY['service', 'diagnostic', 'analysis'], s.kind), p.position, s.position, s.id`
	if err := s.db.SelectContext(ctx, &rows, q, c.ID); err != nil {
		return err
	}
	c.Prices = []PriceCategory{}
	for _, r := range rows {
		n := len(c.Prices)
		if n == 0 || c.Prices[n-1].Slug != r.CatSlug || c.Prices[n-1].Kind != r.Kind {
			c.Prices = append(c.Prices, PriceCategory{Kind: r.Kind, Slug: r.CatSlug, NameRu: r.CatRu, NameUz: r.CatUz, Items: []Price{}})
			n++
		}
		c.Prices[n-1].Items = append(c.Prices[n-1].Items, r.Price)
	}
	return nil
}
