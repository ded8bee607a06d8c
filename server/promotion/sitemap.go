package promotion

import (
	"github.com/jmoiron/sqlx"

	"sogliq/server/route"
	"sogliq/server/sitemap"
)

// SitemapSources lists every region's promotions list and the current
// promotions (ended ones leave the sitemap with the lists).
func SitemapSources(db *sqlx.DB, routes *route.Table) []sitemap.Source {
	return []sitemap.Source{
		sitemap.Query("promotions", db, routes, promotionPages, "route, region, params"),
	}
}

const promotionPages = `
	SELECT 'promotions' AS route, r.slug AS region, '{}' AS params, NULL::timestamptz AS lastmod
	FROM regions r
	UNION ALL
	SELECT 'promotion', '', json_build_object('slug', slug)::text, starts_on::timestamptz
	FROM promotions
	WHERE ends_on >= (now() AT TIME ZONE 'Asia/Tashkent')::date`
