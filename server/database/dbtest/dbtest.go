// Package dbtest gives tests of every package a fresh, migrated PostgreSQL
// database of their own, dropped when the test ends.
//
// The server is the one of TEST_DATABASE_URL (default: the local server's
// postgres maintenance database). When no server answers, a local run skips
// loudly and a run with CI set fails.
package dbtest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"sogliq/server/database"
	"sogliq/server/seed"
)

// DefaultURL is the maintenance database used when TEST_DATABASE_URL is unset.
const DefaultURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// New returns a fresh migrated database with a unique name, dropped (its
// connections terminated first) in t.Cleanup.
func New(t testing.TB) *sqlx.DB {
	t.Helper()
	db := NewEmpty(t)
	if err := database.Migrate(context.Background(), db); err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	return db
}

// NewEmpty returns a fresh database with nothing in it, not even the
// schema, dropped in t.Cleanup; URL(t, db) reaches it from another pool.
func NewEmpty(t testing.TB) *sqlx.DB {
	t.Helper()
	ctx := context.Background()
	admin := connectAdmin(t)
	name := fmt.Sprintf("sogliq_test_%d_%d_%d", os.Getpid(), time.Now().UnixNano()%1e6, rand.Uint32())
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(name)); err != nil {
		admin.Close()
		t.Fatalf("dbtest: creating %s: %v", name, err)
	}
	t.Cleanup(func() { drop(t, admin, name) })
	db, err := database.Open(ctx, withDatabase(t, adminURL(), name))
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// URL is the connection URL of a database made by New, NewSeeded or
// NewEmpty.
func URL(t testing.TB, db *sqlx.DB) string {
	t.Helper()
	var name string
	if err := db.Get(&name, "SELECT current_database()"); err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	return withDatabase(t, adminURL(), name)
}

// NewSeeded is New plus the demo data at scale 1.
func NewSeeded(t testing.TB) *sqlx.DB {
	t.Helper()
	db := New(t)
	if err := seed.Run(context.Background(), db, 1, nil); err != nil {
		t.Fatalf("dbtest: seeding: %v", err)
	}
	return db
}

// AdminURL returns the URL of the maintenance database tests create their
// databases from, skipping or failing t (like New) when no server answers.
func AdminURL(t testing.TB) string {
	t.Helper()
	connectAdmin(t).Close()
	return adminURL()
}

// adminURL returns the maintenance database URL tests create databases from.
func adminURL() string {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	return DefaultURL
}

// connectAdmin connects to the maintenance database, skipping or failing
// the test when no server answers.
func connectAdmin(t testing.TB) *sqlx.DB {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	admin, err := database.Open(ctx, adminURL())
	if err == nil {
		return admin
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("dbtest: no PostgreSQL at %s (CI is set, so this fails): %v", database.Redact(adminURL()), err)
	}
	t.Skipf("\n\n!!!!! SKIPPING DATABASE TEST: no PostgreSQL at %s: %v\n!!!!! Start PostgreSQL or set TEST_DATABASE_URL; with CI set this fails.\n\n", database.Redact(adminURL()), err)
	return nil
}

// withDatabase returns rawURL naming database name instead.
func withDatabase(t testing.TB, rawURL, name string) string {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatalf("dbtest: TEST_DATABASE_URL: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// drop drops database name and closes admin.
func drop(t testing.TB, admin *sqlx.DB, name string) {
	t.Helper()
	defer admin.Close()
	// FORCE terminates the connections still open to it.
	ctx := context.Background()
	if _, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+pq.QuoteIdentifier(name)+" WITH (FORCE)"); err != nil {
		t.Errorf("dbtest: dropping %s: %v", name, err)
	}
}
