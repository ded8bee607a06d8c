package catalog

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/lib/pq"

	"sogliq/server/derrors"
)

// Clinic listing orders (?sort=).
const (
	SortRating = "rating" // best rated first; the default
	SortPrice  = "price"  // cheapest first; only where a price is listed
	SortName   = "name"   // by name in the page's language
)

// ClinicFilter selects the clinics of one region. Zero fields select all.
type ClinicFilter struct {
	RegionID   int64
	TypeID     int64
	ProfileID  int64
	DistrictID int64
	// State keeps state (true) or private (false) clinics; nil keeps both.
	State *bool
	// ServiceIDs keeps the clinics pricing any of these services; their
	// lowest price becomes the card's price. Empty: no price is listed.
	ServiceIDs []int64
	// OpenAt keeps the clinics working at that instant (Tashkent hours).
	OpenAt *time.Time
	// Sort is SortRating (the default), SortPrice or SortName; Lang picks
	// the name SortName orders by.
	Sort, Lang string
	// Page counts from 1; PerPage defaults to DefaultPerPage.
	Page, PerPage int
}

// ClinicCard is a clinic as a listing shows it. PriceFrom and PriceTo are
// the listed service's price (0 when the listing has none; PriceTo 0 when
// the price is not a range).
type ClinicCard struct {
	ID          int64   `db:"id" json:"id"`
	Slug        string  `db:"slug" json:"slug"`
	NameRu      string  `db:"name_ru" json:"nameRu"`
	NameUz      string  `db:"name_uz" json:"nameUz"`
	AddressRu   string  `db:"address_ru" json:"addressRu"`
	AddressUz   string  `db:"address_uz" json:"addressUz"`
	LandmarkRu  string  `db:"landmark_ru" json:"landmarkRu"`
	LandmarkUz  string  `db:"landmark_uz" json:"landmarkUz"`
	DistrictRu  string  `db:"district_ru" json:"districtRu"`
	DistrictUz  string  `db:"district_uz" json:"districtUz"`
	Phone       string  `db:"phone" json:"phone"`
	Rating      float64 `db:"rating" json:"rating"`
	ReviewCount int     `db:"review_count" json:"reviewCount"`
	IsState     bool    `db:"is_state" json:"isState"`
	TypeSlug    string  `db:"type_slug" json:"typeSlug"`
	TypeRu      string  `db:"type_ru" json:"typeRu"`
	TypeUz      string  `db:"type_uz" json:"typeUz"`
	PriceFrom   int     `db:"price_from" json:"priceFrom"`
	PriceTo     int     `db:"price_to" json:"priceTo"`
}

// ClinicPage is one page of a clinic listing; Total counts every match.
type ClinicPage struct {
	Clinics []ClinicCard `json:"clinics"`
	Total   int          `json:"total"`
	Page    int          `json:"page"`
	PerPage int          `json:"perPage"`
	Sort    string       `json:"sort"`
}

// clinicCardColumns are the ClinicCard columns of clinics c, districts di
// and clinic_types t; the price columns come with the listing.
const clinicCardColumns = `c.id, c.slug, c.name_ru, c.name_uz, c.address_ru, c.address_uz,
			c.landmark_ru, c.landmark_uz,
			coalesce(di.name_ru, '') AS district_ru, coalesce(di.name_uz, '') AS district_uz,
			c.phone, c.rating::float8 AS rating, c.review_count, c.is_state,
			coalesce(t.slug, '') AS type_slug, coalesce(t.name_ru, '') AS type_ru, coalesce(t.name_uz, '') AS type_uz`

// Clinics returns a page of the clinics matching f in f.Sort order, ties
// broken by id. It is Invalid to sort by price without ServiceIDs.
func (s *Store) Clinics(ctx context.Context, f ClinicFilter) (ClinicPage, error) {
	page := ClinicPage{Page: max(f.Page, 1), PerPage: f.PerPage, Sort: f.Sort}
	if page.PerPage < 1 {
		page.PerPage = DefaultPerPage
	}
	if page.Sort == "" {
		page.Sort = SortRating
	}
	q, args, err := clinicsQuery(f, page)
	if err != nil {
		return ClinicPage{}, fmt.Errorf("catalog.Clinics(%+v): %w", f, err)
	}
	var rows []struct {
		ClinicCard
		Total int `db:"total"`
	}
	if err := s.db.SelectContext(ctx, &rows, q, args...); err != nil {
		return ClinicPage{}, fmt.Errorf("catalog.Clinics(%+v): %w", f, err)
	}
	page.Clinics = make([]ClinicCard, len(rows))
	for i, r := range rows {
		page.Clinics[i], page.Total = r.ClinicCard, r.Total
	}
	if len(rows) == 0 && page.Page > 1 {
		// Past the end the window count is lost; count on its own.
		if page.Total, err = s.countClinics(ctx, f); err != nil {
			return ClinicPage{}, err
		}
	}
	return page, nil
}

// countClinics counts the clinics matching f.
func (s *Store) countClinics(ctx context.Context, f ClinicFilter) (int, error) {
	q, args, err := clinicsQuery(f, ClinicPage{Page: 1, PerPage: 1, Sort: SortRating})
	if err != nil {
		return 0, err
	}
	var n int
	err = s.db.GetContext(ctx, &n, "SELECT coalesce(max(total), 0) FROM ("+q+") x", args...)
	if err != nil {
		return 0, fmt.Errorf("catalog.countClinics(%+v): %w", f, err)
	}
	return n, nil
}

// clinicsQuery builds the listing query of f: the optional filters are
// the one place this package assembles SQL.
func clinicsQuery(f ClinicFilter, page ClinicPage) (string, []any, error) {
	args := []any{f.RegionID}
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	var b strings.Builder
	b.WriteString(`
		SELECT ` + clinicCardColumns + `,`)
	if len(f.ServiceIDs) > 0 {
		b.WriteString(`
			p.price_from, coalesce(p.price_to, 0) AS price_to,`)
	} else {
		b.WriteString(`
			0 AS price_from, 0 AS price_to,`)
	}
	b.WriteString(`
			count(*) OVER () AS total
		FROM clinics c`)
	if len(f.ServiceIDs) > 0 {
		// The lowest price over the listed services, from the clinic's
		// primary-key rows: a few index probes per clinic of the region.
		b.WriteString(`
		JOIN LATERAL (
			SELECT min(cs.price_from) AS price_from,
				nullif(max(coalesce(cs.price_to, cs.price_from)), min(cs.price_from)) AS price_to
			FROM clinic_services cs
			WHERE cs.clinic_id = c.id AND cs.service_id = ANY(` + arg(pq.Array(f.ServiceIDs)) + `)
		) p ON p.price_from IS NOT NULL`)
	}
	b.WriteString(`
		LEFT JOIN districts di ON di.id = c.district_id
		LEFT JOIN clinic_types t ON t.id = c.type_id
		WHERE c.region_id = $1`)
	if f.TypeID != 0 {
		b.WriteString(`
			AND c.type_id = ` + arg(f.TypeID))
	}
	if f.DistrictID != 0 {
		b.WriteString(`
			AND c.district_id = ` + arg(f.DistrictID))
	}
	if f.State != nil {
		b.WriteString(`
			AND c.is_state = ` + arg(*f.State))
	}
	if f.ProfileID != 0 {
		b.WriteString(`
			AND EXISTS (SELECT 1 FROM clinic_profile_links l WHERE l.clinic_id = c.id AND l.profile_id = ` + arg(f.ProfileID) + `)`)
	}
	if f.OpenAt != nil {
		day, minute := weekMinute(*f.OpenAt)
		b.WriteString(`
			AND EXISTS (SELECT 1 FROM clinic_hours h WHERE h.clinic_id = c.id AND h.weekday = ` + arg(day) +
			` AND h.opens_min <= ` + arg(minute) + ` AND h.closes_min > $` + strconv.Itoa(len(args)) + `)`)
	}
	switch page.Sort {
	case SortRating:
		b.WriteString(`
		ORDER BY c.rating DESC, c.review_count DESC, c.id`)
	case SortName:
		col := "c.name_ru"
		if f.Lang == "uz" {
			col = "c.name_uz"
		}
		b.WriteString(`
		ORDER BY ` + col + ` COLLATE "C", c.id`)
	case SortPrice:
		if len(f.ServiceIDs) == 0 {
			return "", nil, fmt.Errorf("sort by price without a service: %w", derrors.Invalid)
		}
		b.WriteString(`
		ORDER BY p.price_from, c.rating DESC, c.id`)
	default:
		return "", nil, fmt.Errorf("sort %q: %w", page.Sort, derrors.Invalid)
	}
	b.WriteString(`
		LIMIT ` + arg(page.PerPage) + ` OFFSET ` + arg((page.Page-1)*page.PerPage))
	return b.String(), args, nil
}
