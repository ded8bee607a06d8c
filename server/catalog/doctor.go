package catalog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"sogliq/server/derrors"
	"sogliq/server/metrics"
)

// DefaultPerPage is the page size of doctor listings when the filter names none.
const DefaultPerPage = 20

// DoctorFilter selects the doctors of one specialty in one region.
type DoctorFilter struct {
	SpecialtyID int64
	RegionID    int64
	// Children keeps only doctors who accept children (the /deti pages).
	Children bool
	// DistrictID keeps only doctors working at a clinic in that district; 0 is any.
	DistrictID int64
	// Page counts from 1; PerPage defaults to DefaultPerPage.
	Page, PerPage int
	// Sort is SortPopular (the default: most visited first), SortRating
	// or SortEarliest.
	Sort string
	// Free keeps only doctors with a free time in a window of Tashkent
	// days: FreeToday, FreeTomorrow, FreeWeek; "" is any.
	Free string
	// MinRating keeps doctors rated at least that; 0 is any.
	MinRating float64
	// Gender is "m", "f" or "" for any.
	Gender string
	// Speaks keeps doctors who see patients in that language (ru, uz, en); "" is any.
	Speaks string
	// PriceFrom and PriceTo keep doctors with a visit price (at any of
	// their clinics) in that range of so'm, bounds included; 0 is open.
	PriceFrom, PriceTo int
	// Online keeps doctors with an active online (video) visit type.
	Online bool
	// Now is the instant Free and SortEarliest are reckoned from.
	Now time.Time
	// Lang is the language of the cards' texts.
	Lang string
}

// needsFree says the filter's answer depends on free times.
func (f DoctorFilter) needsFree() bool { return f.Free != "" || f.Sort == SortEarliest }

// DoctorPage is one page of a doctor listing. Total counts every doctor
// matching the filter; Page and PerPage are the ones used.
type DoctorPage struct {
	Doctors []DoctorCard `json:"doctors"`
	Total   int          `json:"total"`
	Page    int          `json:"page"`
	PerPage int          `json:"perPage"`
}

// cardColumns are the DoctorCard columns of doctors d, their texts in the
// language of the placeholder lang ("$2"): the listing's filters hold the
// first placeholders, so each query says where its language stands.
// Experience counts whole calendar years since experience_since, never
// negative; online is one probe of visit_types_doctor per card.
func cardColumns(lang string) string {
	return `d.id, d.slug, pick_lang(` + lang + `, d.full_name_ru, d.full_name_uz) AS name,
			coalesce(d.photo, '') AS photo,
			greatest(0, extract(year FROM current_date)::int - d.experience_since) AS experience_years,
			pick_lang(` + lang + `, d.category_ru, d.category_uz) AS category,
			d.rating::float8 AS rating, d.review_count,
			EXISTS (
				SELECT 1
				FROM visit_types vt
				WHERE vt.doctor_id = d.id
					AND vt.active
					AND vt.online) AS online,
			'doctor' AS fragment`
}

// doctorsWhere filters a specialty's doctor_specialties rows ds (which
// carry their doctor's region, popularity, rating and accepts_children, see
// migration 00201) by a DoctorFilter (whereArgs): $1 specialty, $2 region,
// $3 children only, $4 district or 0, $5 least rating or 0, $6 gender and
// $7 language (empty for any), $8 and $9 the price range (0 is open), $10
// online only (an active online visit type, migration 00220). A filter
// left open folds away when the query is planned with its values, so an
// unfiltered listing is one range of doctor_specialties_listing_idx.
const doctorsWhere = `
		WHERE ds.specialty_id = $1
			AND ds.region_id = $2
			AND (NOT $3::boolean OR ds.accepts_children)
			AND ds.rating >= $5::numeric
			AND ($4::bigint = 0 OR EXISTS (
				SELECT 1
				FROM doctor_clinics dc
				JOIN clinics c ON c.id = dc.clinic_id
				WHERE dc.doctor_id = ds.doctor_id AND c.district_id = $4))
			AND (($6::text = '' AND $7::text = '') OR EXISTS (
				SELECT 1
				FROM doctors d
				WHERE d.id = ds.doctor_id
					AND ($6 = '' OR d.gender = $6)
					AND ($7 = '' OR d.languages @> ARRAY[$7])))
			AND (($8::int = 0 AND $9::int = 0) OR EXISTS (
				SELECT 1
				FROM doctor_clinics dc
				WHERE dc.doctor_id = ds.doctor_id
					AND dc.price >= $8
					AND ($9 = 0 OR dc.price <= $9)))
			AND (NOT $10::boolean OR EXISTS (
				SELECT 1
				FROM visit_types vt
				WHERE vt.doctor_id = ds.doctor_id
					AND vt.active
					AND vt.online))`

// plainWhere is doctorsWhere without its optional filters ($1 specialty,
// $2 region, $3 children only): its plan is the same for any values.
const plainWhere = `
		WHERE ds.specialty_id = $1
			AND ds.region_id = $2
			AND (NOT $3::boolean OR ds.accepts_children)`

// plain reports whether f sets none of doctorsWhere's optional filters.
func (f DoctorFilter) plain() bool {
	return f.DistrictID == 0 && f.MinRating == 0 && f.Gender == "" && f.Speaks == "" &&
		f.PriceFrom == 0 && f.PriceTo == 0 && !f.Online
}

// whereArgs are the arguments of doctorsWhere.
func (f DoctorFilter) whereArgs() []any {
	return []any{f.SpecialtyID, f.RegionID, f.Children, f.DistrictID, f.MinRating, f.Gender, f.Speaks, f.PriceFrom, f.PriceTo, f.Online}
}

// doctorOrder is the ORDER BY of a doctor listing over doctor_specialties
// rows ds.
func doctorOrder(sort string) (string, error) {
	switch sort {
	case "", SortPopular:
		return "ds.popularity DESC, ds.rating DESC, ds.doctor_id", nil
	case SortRating:
		return "ds.rating DESC, ds.popularity DESC, ds.doctor_id", nil
	case SortEarliest:
		// The free times order in Go (byFreeTime); ties keep this one.
		return "ds.popularity DESC, ds.rating DESC, ds.doctor_id", nil
	}
	return "", fmt.Errorf("sort %q: %w", sort, derrors.Invalid)
}

// DoctorsBySpecialty returns a page of the doctors of f.SpecialtyID whose
// main region (doctors.region_id) is f.RegionID, ordered by popularity,
// then rating (both descending), then id; SortRating puts rating first.
// A page beyond the end has no doctors but the right Total.
func (s *Store) DoctorsBySpecialty(ctx context.Context, f DoctorFilter) (DoctorPage, error) {
	page := DoctorPage{Page: max(f.Page, 1), PerPage: f.PerPage}
	if page.PerPage < 1 {
		page.PerPage = DefaultPerPage
	}
	order, err := doctorOrder(f.Sort)
	if err != nil {
		return DoctorPage{}, fmt.Errorf("catalog.DoctorsBySpecialty(%+v): %w", f, err)
	}
	if f.needsFree() {
		return s.doctorsByFreeTime(ctx, f, page, order)
	}
	if err := s.doctorsPage(ctx, f, order, &page); err != nil {
		return DoctorPage{}, fmt.Errorf("catalog.DoctorsBySpecialty(%+v): %w", f, err)
	}
	if err := s.attach(ctx, page.Doctors, f.Lang); err != nil {
		return DoctorPage{}, fmt.Errorf("catalog.DoctorsBySpecialty(%+v): %w", f, err)
	}
	return page, nil
}

// doctorsPage fills page.Doctors, in order (their specialties and clinics
// not yet attached), and page.Total. The count rides in the page's own
// statement as a scalar subquery over the same filter, computed once:
// one statement (parse, plan, two round trips) less than counting apart,
// and the count reads the page's snapshot. A page beyond the end has no
// row to carry it, so only then is it counted alone. A listing without
// the optional filters (as crawlers and visitors from a search engine
// meet it) runs a fixed text of its own, prepared when the Store serves.
func (s *Store) doctorsPage(ctx context.Context, f DoctorFilter, order string, page *DoctorPage) error {
	// Room for the page's rows up front: sqlx appends row by row.
	rows := make([]struct {
		Total int `db:"total"`
		DoctorCard
	}, 0, page.PerPage)
	where, args := doctorsWhere, f.whereArgs()
	if f.plain() {
		where, args = plainWhere, []any{f.SpecialtyID, f.RegionID, f.Children}
	}
	n := len(args)
	args = append(args, page.PerPage, (page.Page-1)*page.PerPage, f.Lang)
	// The page is cut from doctor_specialties in listing order first, so
	// only its doctors' rows are read.
	list := `
		SELECT (
				SELECT count(*)
				FROM doctor_specialties ds` + where + `) AS total,
			` + cardColumns(placeholder(n+3)) + `
		FROM (
			SELECT ds.doctor_id, ds.popularity, ds.rating
			FROM doctor_specialties ds` + where + `
			ORDER BY ` + order + `
			LIMIT ` + placeholder(n+1) + ` OFFSET ` + placeholder(n+2) + `) ds
		JOIN doctors d ON d.id = ds.doctor_id
		ORDER BY ` + order
	done := metrics.Query("doctors.list")
	var err error
	if f.plain() {
		err = s.selectFixed(ctx, &rows, list, args...)
	} else {
		err = s.db.SelectContext(ctx, &rows, list, args...)
	}
	done()
	if err != nil {
		return err
	}
	page.Doctors = make([]DoctorCard, len(rows))
	for i, r := range rows {
		page.Total, page.Doctors[i] = r.Total, r.DoctorCard
	}
	if len(rows) > 0 || page.Page == 1 {
		return nil
	}
	count := `
		SELECT count(*)
		FROM doctor_specialties ds` + where
	defer metrics.Query("doctors.count")()
	return s.db.GetContext(ctx, &page.Total, count, args[:n]...)
}

// placeholder is the n-th parameter of a statement, "$n".
func placeholder(n int) string { return "$" + strconv.Itoa(n) }

// DoctorBySlug returns the doctor with slug, texts in lang, or an error
// wrapping derrors.NotFound.
func (s *Store) DoctorBySlug(ctx context.Context, slug, lang string) (Doctor, error) {
	var d Doctor
	q := `
		SELECT ` + cardColumns("$2") + `,
			d.gender, d.experience_since,
			coalesce(pick_lang($2, d.degree_ru, d.degree_uz), '') AS degree,
			pick_lang($2, d.description_ru, d.description_uz) AS description,
			d.accepts_children, d.accepts_adults, d.region_id
		FROM doctors d
		WHERE d.slug = $1`
	done := metrics.Query("doctors.by_slug")
	err := s.db.GetContext(ctx, &d, q, slug, lang)
	done()
	if errors.Is(err, sql.ErrNoRows) {
		err = derrors.NotFound
	}
	if err != nil {
		return Doctor{}, fmt.Errorf("catalog.DoctorBySlug(%q): %w", slug, err)
	}
	cards := []DoctorCard{d.DoctorCard}
	if err := s.attach(ctx, cards, lang); err != nil {
		return Doctor{}, fmt.Errorf("catalog.DoctorBySlug(%q): %w", slug, err)
	}
	d.DoctorCard = cards[0]
	return d, nil
}
