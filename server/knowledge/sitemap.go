package knowledge

import (
	"github.com/jmoiron/sqlx"

	"sogliq/server/route"
	"sogliq/server/sitemap"
)

// SitemapSources lists the disease and symptom pages of every region: each
// recommends that region's doctors.
func SitemapSources(db *sqlx.DB, routes *route.Table) []sitemap.Source {
	return []sitemap.Source{
		sitemap.Query("diseases", db, routes, knowledgePages, "region, route, params"),
	}
}

const knowledgePages = `
	SELECT p.route, r.slug AS region, '{}' AS params, NULL::timestamptz AS lastmod
	FROM regions r
	CROSS JOIN (VALUES ('diseases'), ('symptoms')) AS p (route)
	UNION ALL
	SELECT 'disease', r.slug, json_build_object('slug', d.slug)::text, NULL::timestamptz
	FROM diseases d
	CROSS JOIN regions r
	UNION ALL
	SELECT 'symptom', r.slug, json_build_object('slug', s.slug)::text, NULL::timestamptz
	FROM symptoms s
	CROSS JOIN regions r`
