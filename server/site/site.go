// Package site assembles the web application from its parts: the route
// table, the dictionaries, the reference data and every domain's page
// loaders. main and the end-to-end tests build the same app through it.
package site

import (
	"context"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/cache"
	"sogliq/server/catalog"
	"sogliq/server/i18n"
	"sogliq/server/page"
	"sogliq/server/region"
	"sogliq/server/route"
	"sogliq/server/web"
	"sogliq/shared"
	"sogliq/ssr"
)

// Deps are the running services the site needs.
type Deps struct {
	DB        *sqlx.DB
	Engine    *ssr.Engine
	Cache     *cache.Cache
	PublicURL string
	Logger    *slog.Logger
}

// New builds the web server; its App method gives the Fiber app.
func New(ctx context.Context, d Deps) (*web.Server, error) {
	routes, err := route.Load()
	if err != nil {
		return nil, err
	}
	dict, err := i18n.Load()
	if err != nil {
		return nil, err
	}
	limits, err := shared.ReadLimits()
	if err != nil {
		return nil, err
	}
	regions, err := region.NewStore(d.DB).Regions(ctx)
	if err != nil {
		return nil, err
	}
	return web.New(web.Deps{
		PublicURL: d.PublicURL,
		Engine:    d.Engine,
		Cache:     d.Cache,
		Routes:    routes,
		Dict:      dict,
		Regions:   regions,
		Loaders:   loaders(d.DB, limits),
		DB:        d.DB,
		Logger:    d.Logger,
	})
}

// loaders collects every domain's page loaders; a new domain adds its map here.
func loaders(db *sqlx.DB, limits shared.Limits) page.Loaders {
	all := page.Loaders{}
	for _, domain := range []page.Loaders{
		catalog.Pages(catalog.NewStore(db), limits.DoctorsPerPage),
		catalog.ProviderPages(catalog.NewStore(db), limits.ClinicsPerPage, time.Now),
	} {
		for name, l := range domain {
			all[name] = l
		}
	}
	return all
}
