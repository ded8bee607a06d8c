package catalog

import (
	"github.com/jmoiron/sqlx"

	"sogliq/server/route"
	"sogliq/server/sitemap"
)

// SitemapSources lists the catalog's pages for the sitemaps: the sections
// of every region, the specialty and clinic listings that have entries, the
// priced services, diagnostics and analyses of each region, and the doctor
// and clinic cards.
func SitemapSources(db *sqlx.DB, routes *route.Table) []sitemap.Source {
	return []sitemap.Source{
		sitemap.Query("sections", db, routes, sectionPages, "region, route"),
		sitemap.Query("specialties", db, routes, specialtyPages, "route, region, params"),
		sitemap.Query("doctors", db, routes, doctorPages, "params"),
		sitemap.Query("clinic-listings", db, routes, clinicListingPages, "route, region, params"),
		sitemap.Query("clinics", db, routes, clinicPages, "params"),
		sitemap.Query("services", db, routes, servicePages, "route, region, params"),
	}
}

// sectionPages: the section indexes of every region, changing with the
// doctors they count.
const sectionPages = `
	SELECT p.route, r.slug AS region, '{}' AS params,
		(SELECT max(d.updated_at) FROM doctors d WHERE d.region_id = r.id) AS lastmod
	FROM regions r
	CROSS JOIN (VALUES ('home'), ('doctors'), ('clinics'), ('diagnostics'), ('services'), ('analyses')) AS p (route)`

// specialtyPages: the specialty listings with at least one doctor, and
// their children's form where a doctor takes children.
const specialtyPages = `
	SELECT CASE WHEN kids.children THEN 'specialty-children' ELSE 'specialty' END AS route,
		r.slug AS region, json_build_object('specialty', s.slug)::text AS params,
		greatest(max(s.updated_at), max(d.updated_at)) AS lastmod
	FROM doctor_specialties ds
	JOIN doctors d ON d.id = ds.doctor_id
	JOIN specialties s ON s.id = ds.specialty_id
	JOIN regions r ON r.id = d.region_id
	CROSS JOIN (VALUES (false), (true)) AS kids (children)
	WHERE NOT kids.children OR d.accepts_children
	GROUP BY kids.children, r.slug, s.slug`

const doctorPages = `
	SELECT 'doctor' AS route, '' AS region, json_build_object('slug', slug)::text AS params, updated_at AS lastmod
	FROM doctors`

// clinicListingPages: clinics by type and by specialisation, where the
// region has such clinics.
const clinicListingPages = `
	SELECT DISTINCT 'clinics-type' AS route, r.slug AS region, json_build_object('type', t.slug)::text AS params,
		NULL::timestamptz AS lastmod
	FROM clinics c
	JOIN clinic_types t ON t.id = c.type_id
	JOIN regions r ON r.id = c.region_id
	UNION
	SELECT DISTINCT 'clinics-profile', r.slug, json_build_object('profile', p.slug)::text, NULL::timestamptz
	FROM clinic_profile_links l
	JOIN clinic_profiles p ON p.id = l.profile_id
	JOIN clinics c ON c.id = l.clinic_id
	JOIN regions r ON r.id = c.region_id`

const clinicPages = `
	SELECT 'clinic' AS route, '' AS region, json_build_object('slug', slug)::text AS params, NULL::timestamptz AS lastmod
	FROM clinics`

// servicePages: every service, diagnostic and analysis a clinic of the
// region prices.
const servicePages = `
	SELECT DISTINCT CASE s.kind WHEN 'service' THEN 'service' WHEN 'diagnostic' THEN 'diagnostic' ELSE 'analysis' END AS route,
		r.slug AS region, json_build_object('slug', s.slug)::text AS params, NULL::timestamptz AS lastmod
	FROM clinic_offers o
	JOIN services s ON s.id = o.service_id
	JOIN regions r ON r.id = o.region_id`
