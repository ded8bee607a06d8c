package product

import (
	"github.com/jmoiron/sqlx"

	"sogliq/server/route"
	"sogliq/server/sitemap"
)

// SitemapSources lists the medicine pages: the lists, every category and
// tag, and every medicine.
func SitemapSources(db *sqlx.DB, routes *route.Table) []sitemap.Source {
	return []sitemap.Source{
		sitemap.Query("medicines", db, routes, productPages, "route, params"),
	}
}

const productPages = `
	SELECT p.route, '' AS region, '{}' AS params, NULL::timestamptz AS lastmod
	FROM (VALUES ('product-list'), ('products')) AS p (route)
	UNION ALL
	SELECT 'product-category', '', json_build_object('slug', slug)::text, NULL::timestamptz
	FROM product_categories
	UNION ALL
	SELECT 'product-tag', '', json_build_object('slug', slug)::text, NULL::timestamptz
	FROM product_tags
	UNION ALL
	SELECT 'product', '', json_build_object('slug', slug)::text, NULL::timestamptz
	FROM products`
