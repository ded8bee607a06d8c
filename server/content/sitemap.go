package content

import (
	"github.com/jmoiron/sqlx"

	"sogliq/server/route"
	"sogliq/server/sitemap"
)

// SitemapSources lists the information pages, the post lists and every
// article and news item (press mentions have no page of their own).
func SitemapSources(db *sqlx.DB, routes *route.Table) []sitemap.Source {
	return []sitemap.Source{
		sitemap.Query("content", db, routes, contentPages, "route, params"),
	}
}

// contentPages: information pages are routes named by their slug.
const contentPages = `
	SELECT slug AS route, '' AS region, '{}' AS params, NULL::timestamptz AS lastmod
	FROM info_pages
	UNION ALL
	SELECT p.route, '', '{}', (SELECT max(published_on)::timestamptz FROM posts WHERE published)
	FROM (VALUES ('faq'), ('articles'), ('news'), ('press')) AS p (route)
	UNION ALL
	SELECT CASE kind WHEN 'article' THEN 'article' ELSE 'news-item' END, '',
		json_build_object('slug', slug)::text, published_on::timestamptz
	FROM posts
	WHERE kind IN ('article', 'news') AND published`
