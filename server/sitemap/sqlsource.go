package sitemap

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/jmoiron/sqlx"

	"sogliq/server/route"
)

// SQLSource is a Source read with two queries, so a domain lists its pages
// with SQL beside the rest of its SQL. CountSQL returns one integer.
// ListSQL takes $1 offset and $2 limit, orders stably, and returns the
// columns
//
//	route   the route name (shared/routes.json)
//	region  the region slug, "" for none
//	params  a JSON object of the route's parameters, '{}' for none
//	lastmod when the page last changed, NULL when unknown
//
// Paths are built from the route table, as everywhere else.
type SQLSource struct {
	Kind     string
	DB       *sqlx.DB
	Routes   *route.Table
	CountSQL string
	ListSQL  string
}

// Query builds an SQLSource from one query of pages (the columns above,
// no ORDER BY) and the order to list them in.
func Query(kind string, db *sqlx.DB, routes *route.Table, pages, orderBy string) *SQLSource {
	return &SQLSource{
		Kind:     kind,
		DB:       db,
		Routes:   routes,
		CountSQL: "SELECT count(*) FROM (" + pages + ") p",
		ListSQL:  "SELECT * FROM (" + pages + ") p ORDER BY " + orderBy + " OFFSET $1 LIMIT $2",
	}
}

// Name is the kind's name in file names.
func (s *SQLSource) Name() string { return s.Kind }

// Count runs the counting query.
func (s *SQLSource) Count(ctx context.Context) (int, error) {
	var n int
	if err := s.DB.GetContext(ctx, &n, s.CountSQL); err != nil {
		return 0, fmt.Errorf("sitemap source %s: %w", s.Kind, err)
	}
	return n, nil
}

type sqlRow struct {
	Route   string       `db:"route"`
	Region  string       `db:"region"`
	Params  []byte       `db:"params"`
	LastMod sql.NullTime `db:"lastmod"`
}

// Each streams the listing query's rows.
func (s *SQLSource) Each(ctx context.Context, offset, limit int, fn func(Entry) error) error {
	rows, err := s.DB.QueryxContext(ctx, s.ListSQL, offset, limit)
	if err != nil {
		return fmt.Errorf("sitemap source %s: %w", s.Kind, err)
	}
	defer rows.Close()
	for rows.Next() {
		var r sqlRow
		if err := rows.StructScan(&r); err != nil {
			return fmt.Errorf("sitemap source %s: %w", s.Kind, err)
		}
		params := map[string]string{}
		if err := json.Unmarshal(r.Params, &params); err != nil {
			return fmt.Errorf("sitemap source %s: params %s: %w", s.Kind, r.Params, err)
		}
		path, err := s.Routes.Href(r.Route, params, route.Place{Lang: "ru", Region: r.Region}, nil)
		if err != nil {
			return fmt.Errorf("sitemap source %s: %w", s.Kind, err)
		}
		if err := fn(Entry{Path: path, LastMod: r.LastMod.Time}); err != nil {
			return err
		}
	}
	return rows.Err()
}
