package analytics

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/page"
	"sogliq/server/role"
)

// DashboardDays is the window of /dashboard.
const DashboardDays = 30

// Sections are the parts of the site the daily views are split into.
var Sections = []string{"home", "doctors", "clinics", "services", "knowledge", "products", "other"}

// sectionOf is the SQL of a page_type's section (Sections).
const sectionOf = `CASE
		WHEN page_type = 'home' THEN 'home'
		WHEN page_type IN ('doctors', 'specialty', 'specialty-children', 'doctor') THEN 'doctors'
		WHEN page_type LIKE 'clinic%' THEN 'clinics'
		WHEN page_type IN ('services', 'service', 'service-district', 'diagnostics', 'diagnostic', 'diagnostic-district', 'analyses', 'analysis') THEN 'services'
		WHEN page_type IN ('diseases', 'disease', 'symptoms', 'symptom') THEN 'knowledge'
		WHEN page_type LIKE 'product%' THEN 'products'
		ELSE 'other' END`

// The dashboard's queries; $1 is the window's start. Days are Tashkent's.
const (
	qViewsByDay = `
		SELECT to_char(at AT TIME ZONE 'Asia/Tashkent', 'YYYY-MM-DD') AS day, ` + sectionOf + ` AS section, count(*) AS n
		FROM analytic_events
		WHERE at >= $1
			AND event = 'page_view'
		GROUP BY 1, 2
		ORDER BY 1`
	qTopPages = `
		SELECT route AS label, count(*) AS count
		FROM analytic_events
		WHERE at >= $1
			AND event = 'page_view'
		GROUP BY route
		ORDER BY count DESC, route
		LIMIT 10`
	qTopDoctors = `
		SELECT pick_lang($2, d.full_name_ru, d.full_name_uz) AS label, count(*) AS count
		FROM analytic_events e
		JOIN doctors d ON (e.entity = 'doctor' AND d.id = e.entity_id)
			OR (e.entity = '' AND e.page_type = 'doctor' AND d.slug = e.page_id)
		WHERE e.at >= $1
		GROUP BY d.id
		ORDER BY count DESC, d.id
		LIMIT 10`
	qTopClinics = `
		SELECT pick_lang($2, c.name_ru, c.name_uz) AS label, count(*) AS count
		FROM analytic_events e
		JOIN clinics c ON (e.entity = 'clinic' AND c.id = e.entity_id)
			OR (e.entity = '' AND e.page_type IN ('clinic', 'clinic-tab') AND c.slug = split_part(e.page_id, '/', 1))
		WHERE e.at >= $1
		GROUP BY c.id
		ORDER BY count DESC, c.id
		LIMIT 10`
	qDevices = `
		SELECT coalesce(nullif(device, ''), platform) AS label, count(*) AS count
		FROM analytic_events
		WHERE at >= $1
			AND event = 'page_view'
		GROUP BY 1
		ORDER BY count DESC, 1`
	qLanguages = `
		SELECT lang AS label, count(*) AS count
		FROM analytic_events
		WHERE at >= $1
			AND event = 'page_view'
		GROUP BY lang
		ORDER BY count DESC, lang`
	qNoResults = `
		SELECT lower(query) AS label, count(*) AS count
		FROM searches
		WHERE at >= $1
			AND results = 0
		GROUP BY 1
		ORDER BY count DESC, 1
		LIMIT 20`
	qBookingsByDay = `
		SELECT to_char(booked_at AT TIME ZONE 'Asia/Tashkent', 'YYYY-MM-DD') AS label, count(*) AS count
		FROM appointments
		WHERE booked_at >= $1
		GROUP BY 1
		ORDER BY 1`
)

// Dashboard loads the dashboard's figures of the DashboardDays before now.
func Dashboard(ctx context.Context, db *sqlx.DB, lang string, now time.Time) (DashboardPage, error) {
	since := now.AddDate(0, 0, -DashboardDays)
	d := DashboardPage{Allowed: true, Days: DashboardDays, Sections: Sections, ViewsByDay: []DayCounts{}}
	var rows []struct {
		Day     string `db:"day"`
		Section string `db:"section"`
		N       int    `db:"n"`
	}
	if err := db.SelectContext(ctx, &rows, qViewsByDay, since); err != nil {
		return d, fmt.Errorf("analytics.Dashboard: %w", err)
	}
	for _, r := range rows {
		if n := len(d.ViewsByDay); n == 0 || d.ViewsByDay[n-1].Day != r.Day {
			d.ViewsByDay = append(d.ViewsByDay, DayCounts{Day: r.Day, Counts: make([]int, len(Sections))})
		}
		d.ViewsByDay[len(d.ViewsByDay)-1].Counts[slices.Index(Sections, r.Section)] = r.N
	}
	for _, q := range []struct {
		dst   *[]Count
		query string
		args  []any
	}{
		{&d.TopPages, qTopPages, []any{since}},
		{&d.TopDoctors, qTopDoctors, []any{since, lang}},
		{&d.TopClinics, qTopClinics, []any{since, lang}},
		{&d.Devices, qDevices, []any{since}},
		{&d.Languages, qLanguages, []any{since}},
		{&d.NoResults, qNoResults, []any{since}},
		{&d.BookingsByDay, qBookingsByDay, []any{since}},
	} {
		*q.dst = []Count{}
		if err := db.SelectContext(ctx, q.dst, q.query, q.args...); err != nil {
			return d, fmt.Errorf("analytics.Dashboard: %w", err)
		}
	}
	return d, nil
}

// Pages is the loader of /dashboard (route access "session": rendered per
// request, never cached, noindex), for editors and admins.
func Pages(db *sqlx.DB, roles *role.Store, now func() time.Time) page.Loaders {
	return page.Loaders{"dashboard": func(ctx context.Context, req page.Request) (page.Result, error) {
		ok, err := roles.Has(ctx, req.UserID, role.Editor, role.Admin)
		if err != nil {
			return page.Result{}, err
		}
		if !ok {
			return page.Result{Data: DashboardPage{Sections: []string{}, ViewsByDay: []DayCounts{}, TopPages: []Count{}, TopDoctors: []Count{},
				TopClinics: []Count{}, Devices: []Count{}, Languages: []Count{}, NoResults: []Count{}, BookingsByDay: []Count{}}, NoIndex: true}, nil
		}
		d, err := Dashboard(ctx, db, req.Lang, now())
		return page.Result{Data: d, NoIndex: true}, err
	}}
}
