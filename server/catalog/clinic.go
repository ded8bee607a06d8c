package catalog

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"sogliq/server/derrors"
	"sogliq/server/metrics"
)

// Clinic listing orders (?sort=).
const (
	SortRating = "rating" // best rated first; the default
	SortPrice  = "price"  // cheapest first; only where a price is listed
	SortName   = "name"   // by name in the page's language
	// SortPopular: most visited first (clinics.popularity, analytics.Recompute).
	SortPopular = "popular"
	// SortEarliest: the doctor with the earliest free time first (doctor
	// listings only).
	SortEarliest = "earliest"
)

// ClinicFilter selects the clinics of one region. Zero fields select all.
type ClinicFilter struct {
	RegionID   int64
	TypeID     int64
	ProfileID  int64
	DistrictID int64
	// State keeps state (true) or private (false) clinics; nil keeps both.
	State *bool
	// ServiceID keeps the clinics pricing that service, or for a category
	// any of its items (the lowest price becomes the card's); 0 lists no
	// price.
	ServiceID int64
	// OpenAt keeps the clinics working at that instant (Tashkent hours).
	OpenAt *time.Time
	// Sort is SortRating (the default), SortPrice or SortName; Lang is the
	// language of the cards' texts and of the names SortName orders by.
	Sort, Lang string
	// Page counts from 1; PerPage defaults to DefaultPerPage.
	Page, PerPage int
}

// ClinicPage is one page of a clinic listing; Total counts every match.
// PriceLow and PriceHigh are the lowest and highest price of the listed
// service over every match, not only this page's (a range's upper end
// counts); 0 when the listing has no service.
type ClinicPage struct {
	Clinics   []ClinicCard `json:"clinics"`
	Total     int          `json:"total"`
	PriceLow  int          `json:"priceLow"`
	PriceHigh int          `json:"priceHigh"`
	Page      int          `json:"page"`
	PerPage   int          `json:"perPage"`
	Sort      string       `json:"sort"`
}

// clinicCardColumns are the ClinicCard columns of clinics c, districts di
// and clinic_types t, their texts in the language of the placeholder lang;
// the price columns come with the listing.
func clinicCardColumns(lang string) string {
	return `c.id, c.slug, pick_lang(` + lang + `, c.name_ru, c.name_uz) AS name,
			pick_lang(` + lang + `, c.address_ru, c.address_uz) AS address,
			pick_lang(` + lang + `, c.landmark_ru, c.landmark_uz) AS landmark,
			coalesce(pick_lang(` + lang + `, di.name_ru, di.name_uz), '') AS district,
			c.phone, c.rating::float8 AS rating, c.review_count, c.is_state,
			coalesce(t.slug, '') AS type_slug, coalesce(pick_lang(` + lang + `, t.name_ru, t.name_uz), '') AS type,
			coalesce(c.logo, '') AS logo, 'clinic' AS fragment`
}

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
	q, args, plain, err := clinicsQuery(f, page)
	if err != nil {
		return ClinicPage{}, fmt.Errorf("catalog.Clinics(%+v): %w", f, err)
	}
	rows := make([]struct {
		ClinicCard
		Total     int `db:"total"`
		PriceLow  int `db:"price_low"`
		PriceHigh int `db:"price_high"`
	}, 0, page.PerPage)
	done := metrics.Query("clinics.list")
	if plain {
		// A region's listing (priced or not) in one of its orders: a
		// fixed text, prepared when the Store serves.
		err = s.selectFixed(ctx, &rows, q, args...)
	} else {
		err = s.db.SelectContext(ctx, &rows, q, args...)
	}
	done()
	if err != nil {
		return ClinicPage{}, fmt.Errorf("catalog.Clinics(%+v): %w", f, err)
	}
	page.Clinics = make([]ClinicCard, len(rows))
	for i, r := range rows {
		page.Clinics[i], page.Total = r.ClinicCard, r.Total
		page.PriceLow, page.PriceHigh = r.PriceLow, r.PriceHigh
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
	q, args, _, err := clinicsQuery(f, ClinicPage{Page: 1, PerPage: 1, Sort: SortRating})
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

// clinicsSQL is a listing query over one table c: clinics, or
// clinic_offers when a service is listed (it carries the clinic columns
// filters and sorts need, and the price). The page is ordered and cut
// there, where an index can serve the order, and counted by a second scan
// of the same conditions, which also gives a priced listing's price range;
// only the page's rows are joined to the clinic's other columns.
// Verbs: %[1]s the clinic id column of c, %[2]s the optional conditions,
// %[3]s the page's order, %[4]s and %[5]s the LIMIT and OFFSET
// placeholders, %[6]s the result's order, %[7]s the card's columns.
const clinicsSQL = `
		SELECT %[7]s, m.price_from, m.price_to, n.total, n.price_low, n.price_high
		FROM (
			SELECT %[1]s AS id, c.rating, c.review_count, c.name_ru, c.name_uz, c.popularity, 0 AS price_from, 0 AS price_to
			FROM clinics c
			WHERE c.region_id = $1%[2]s
			ORDER BY %[3]s
			LIMIT %[4]s OFFSET %[5]s
		) m
		CROSS JOIN (
			SELECT count(*) AS total, 0 AS price_low, 0 AS price_high
			FROM clinics c
			WHERE c.region_id = $1%[2]s
		) n
		JOIN clinics c ON c.id = m.id
		LEFT JOIN districts di ON di.id = c.district_id
		LEFT JOIN clinic_types t ON t.id = c.type_id
		ORDER BY %[6]s`

// pricedClinicsSQL is clinicsSQL over clinic_offers, for the service $2.
const pricedClinicsSQL = `
		SELECT %[7]s, m.price_from, m.price_to, n.total, n.price_low, n.price_high
		FROM (
			SELECT %[1]s AS id, c.rating, c.review_count, c.name_ru, c.name_uz, c.price_from, coalesce(c.price_to, 0) AS price_to
			FROM clinic_offers c
			WHERE c.region_id = $1
				AND c.service_id = $2%[2]s
			ORDER BY %[3]s
			LIMIT %[4]s OFFSET %[5]s
		) m
		CROSS JOIN (
			SELECT count(*) AS total, coalesce(min(c.price_from), 0) AS price_low,
				coalesce(max(coalesce(c.price_to, c.price_from)), 0) AS price_high
			FROM clinic_offers c
			WHERE c.region_id = $1
				AND c.service_id = $2%[2]s
		) n
		JOIN clinics c ON c.id = m.id
		LEFT JOIN districts di ON di.id = c.district_id
		LEFT JOIN clinic_types t ON t.id = c.type_id
		ORDER BY %[6]s`

// clinicsQuery builds the listing query of f: the optional filters are
// the one place this package assembles SQL. plain reports that f sets
// none of them.
func clinicsQuery(f ClinicFilter, page ClinicPage) (q string, args []any, plain bool, err error) {
	order, err := clinicOrder(f, page.Sort)
	if err != nil {
		return "", nil, false, err
	}
	q, id, args := clinicsSQL, "c.id", []any{f.RegionID}
	if f.ServiceID != 0 {
		q, id, args = pricedClinicsSQL, "c.clinic_id", []any{f.RegionID, f.ServiceID}
	}
	b := sqlArgs{args: args}
	columns := clinicCardColumns(b.add(f.Lang))
	conds := clinicConditions(f, id, &b)
	limit, offset := b.add(page.PerPage), b.add((page.Page-1)*page.PerPage)
	return fmt.Sprintf(q, id, conds, order("c", id), limit, offset, order("m", "m.id"), columns), b.args, conds == "", nil
}

// clinicConditions are f's optional filters on the listing's table c, one
// "AND" line each; id is c's clinic id column.
func clinicConditions(f ClinicFilter, id string, b *sqlArgs) string {
	var conds []string
	if f.TypeID != 0 {
		conds = append(conds, "c.type_id = "+b.add(f.TypeID))
	}
	if f.DistrictID != 0 {
		conds = append(conds, "c.district_id = "+b.add(f.DistrictID))
	}
	if f.State != nil {
		conds = append(conds, "c.is_state = "+b.add(*f.State))
	}
	if f.ProfileID != 0 {
		conds = append(conds, "EXISTS (SELECT 1 FROM clinic_profile_links l WHERE l.clinic_id = "+id+" AND l.profile_id = "+b.add(f.ProfileID)+")")
	}
	if f.OpenAt != nil {
		day, minute := weekMinute(*f.OpenAt)
		conds = append(conds, "c.open_week @> "+b.add((day-1)*1440+minute)+"::int")
	}
	var sb strings.Builder
	for _, c := range conds {
		sb.WriteString("\n\t\t\t\tAND " + c)
	}
	return sb.String()
}

// sqlArgs collects a query's arguments; add returns the placeholder of v.
type sqlArgs struct{ args []any }

func (b *sqlArgs) add(v any) string {
	b.args = append(b.args, v)
	return "$" + strconv.Itoa(len(b.args))
}

// clinicOrder returns the ORDER BY of a listing as a function of the
// table alias and the clinic id column it applies to.
func clinicOrder(f ClinicFilter, sort string) (func(alias, id string) string, error) {
	var format string
	switch sort {
	case SortRating:
		format = "%[1]s.rating DESC, %[1]s.review_count DESC, %[2]s"
	case SortName:
		format = `%[1]s.name_ru COLLATE "C", %[2]s`
		if f.Lang == "uz" {
			format = `%[1]s.name_uz COLLATE "C", %[2]s`
		}
	case SortPopular:
		format = "%[1]s.popularity DESC, %[1]s.rating DESC, %[2]s"
		if f.ServiceID != 0 {
			// clinic_offers carries no popularity (it changes far more often
			// than the view is refreshed): read per row, about 5x slower.
			format = "(SELECT p.popularity FROM clinics p WHERE p.id = %[2]s) DESC, %[1]s.rating DESC, %[2]s"
		}
	case SortPrice:
		if f.ServiceID == 0 {
			return nil, fmt.Errorf("sort by price without a service: %w", derrors.Invalid)
		}
		format = "%[1]s.price_from, %[1]s.rating DESC, %[2]s"
	default:
		return nil, fmt.Errorf("sort %q: %w", sort, derrors.Invalid)
	}
	return func(alias, id string) string { return fmt.Sprintf(format, alias, id) }, nil
}
