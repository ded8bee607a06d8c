// Package database opens the PostgreSQL database, creates it when it is
// missing, runs the embedded goose migrations and refuses a schema newer than
// the binary knows.
package database

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// DefaultURL is the database used when DATABASE_URL is not set: a local
// server, trust authentication.
const DefaultURL = "postgres://postgres@127.0.0.1:5432/sogliq?sslmode=disable"

// Open connects to the database at url and pings it.
func Open(ctx context.Context, url string) (*sqlx.DB, error) {
	db, err := sqlx.ConnectContext(ctx, "postgres", url)
	if err != nil {
		return nil, fmt.Errorf("database.Open(%q): %w", Redact(url), err)
	}
	db.SetMaxOpenConns(32)
	db.SetMaxIdleConns(8)
	return db, nil
}

// Prepare returns an open database for the server. It connects to url; when
// the server answers but the database does not exist, it creates it; when no
// server answers at the default address and the PostgreSQL binaries are
// installed, it starts a private cluster under ./.data/pg and uses that.
// Any other failure is one line saying what to do.
func Prepare(ctx context.Context, url string, logger *slog.Logger) (*sqlx.DB, error) {
	db, err := Open(ctx, url)
	switch {
	case err == nil:
		return db, nil
	case isMissingDatabase(err):
		logger.Info("creating database", slog.String("url", Redact(url)))
		if err := createDatabase(ctx, url); err != nil {
			return nil, err
		}
		return Open(ctx, url)
	case isUnreachable(err) && url == DefaultURL:
		return startPrivate(ctx, logger, err)
	default:
		return nil, fmt.Errorf("database: cannot use %s (%v): set DATABASE_URL to a reachable PostgreSQL", Redact(url), err)
	}
}

// createDatabase creates the database named in url, connecting to the
// postgres maintenance database on the same server.
func createDatabase(ctx context.Context, rawURL string) error {
	maint, name, err := MaintenanceURL(rawURL)
	if err != nil {
		return err
	}
	db, err := Open(ctx, maint)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(name)); err != nil {
		return fmt.Errorf("database.createDatabase(%q): %w", name, err)
	}
	return nil
}

// MaintenanceURL returns rawURL pointed at the postgres maintenance
// database, and the name of the database rawURL names.
func MaintenanceURL(rawURL string) (maint, name string, err error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", "", fmt.Errorf("database.MaintenanceURL: %w", err)
	}
	name = strings.TrimPrefix(u.Path, "/")
	if name == "" {
		return "", "", fmt.Errorf("database.MaintenanceURL(%q): no database name in the URL", Redact(rawURL))
	}
	u.Path = "/postgres"
	return u.String(), name, nil
}

// Redact returns url with any password replaced, for logs and errors.
func Redact(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "(unparsable database URL)"
	}
	return u.Redacted()
}
