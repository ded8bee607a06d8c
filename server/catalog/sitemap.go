package catalog

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/route"
	"sogliq/server/sitemap"
)

// SitemapSources lists the doctors slice's pages for the sitemaps: the
// sections of every region, the specialty listings that have doctors, and
// the doctor cards.
func SitemapSources(db *sqlx.DB, routes *route.Table) []sitemap.Source {
	return []sitemap.Source{
		&sqlSource{name: "sections", db: db, routes: routes, count: sectionsCount, list: sectionsList},
		&sqlSource{name: "specialties", db: db, routes: routes, count: listingsCount, list: listingsList},
		&sqlSource{name: "doctors", db: db, routes: routes, count: doctorsCount, list: doctorsList},
	}
}

// sitemapRow names a page by route, its parameters' values and region.
type sitemapRow struct {
	Route     string    `db:"route"`
	Region    string    `db:"region"`
	Specialty string    `db:"specialty"`
	Slug      string    `db:"slug"`
	LastMod   time.Time `db:"lastmod"`
}

// sqlSource is a sitemap source read by one counting and one listing query;
// the listing takes $1 offset and $2 limit and orders stably.
type sqlSource struct {
	name        string
	db          *sqlx.DB
	routes      *route.Table
	count, list string
}

func (s *sqlSource) Name() string { return s.name }

func (s *sqlSource) Count(ctx context.Context) (int, error) {
	var n int
	if err := s.db.GetContext(ctx, &n, s.count); err != nil {
		return 0, fmt.Errorf("catalog sitemap %s: %w", s.name, err)
	}
	return n, nil
}

func (s *sqlSource) Each(ctx context.Context, offset, limit int, fn func(sitemap.Entry) error) error {
	rows, err := s.db.QueryxContext(ctx, s.list, offset, limit)
	if err != nil {
		return fmt.Errorf("catalog sitemap %s: %w", s.name, err)
	}
	defer rows.Close()
	for rows.Next() {
		var r sitemapRow
		if err := rows.StructScan(&r); err != nil {
			return err
		}
		path, err := s.routes.Href(r.Route, map[string]string{"specialty": r.Specialty, "slug": r.Slug}, route.Place{Lang: "ru", Region: r.Region}, nil)
		if err != nil {
			return err
		}
		if err := fn(sitemap.Entry{Path: path, LastMod: r.LastMod}); err != nil {
			return err
		}
	}
	return rows.Err()
}

const sectionsCount = `
	SELECT 2 * count(*)
	FROM regions`

// sectionsList: the home page and /doctors of every region, changing with
// the doctors they show.
const sectionsList = `
	SELECT p.route, r.slug AS region, '' AS specialty, '' AS slug,
		coalesce((SELECT max(d.updated_at) FROM doctors d WHERE d.region_id = r.id), now()) AS lastmod
	FROM regions r
	CROSS JOIN (VALUES ('home'), ('doctors')) AS p (route)
	ORDER BY r.position, p.route
	OFFSET $1
	LIMIT $2`

// listings are the specialty pages with at least one doctor, and their
// children's form where a doctor takes children.
const listings = `
	SELECT CASE WHEN kids.children THEN 'specialty-children' ELSE 'specialty' END AS route,
		r.slug AS region, s.slug AS specialty, '' AS slug,
		greatest(max(s.updated_at), max(d.updated_at)) AS lastmod
	FROM doctor_specialties ds
	JOIN doctors d ON d.id = ds.doctor_id
	JOIN specialties s ON s.id = ds.specialty_id
	JOIN regions r ON r.id = d.region_id
	CROSS JOIN (VALUES (false), (true)) AS kids (children)
	WHERE NOT kids.children OR d.accepts_children
	GROUP BY kids.children, r.slug, s.slug`

const listingsCount = `
	SELECT count(*)
	FROM (` + listings + `) l`

const listingsList = listings + `
	ORDER BY route, region, specialty
	OFFSET $1
	LIMIT $2`

const doctorsCount = `
	SELECT count(*)
	FROM doctors`

const doctorsList = `
	SELECT 'doctor' AS route, '' AS region, '' AS specialty, slug, updated_at AS lastmod
	FROM doctors
	ORDER BY id
	OFFSET $1
	LIMIT $2`
