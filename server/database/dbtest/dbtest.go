// Package dbtest gives tests of every package a fresh, migrated PostgreSQL
// database of their own, dropped when the test ends.
//
// A test process migrates (and, for NewSeeded, seeds) a template database
// once and clones it (CREATE DATABASE ... TEMPLATE) for every test, which
// copies files instead of running ~90 migrations and the seed again. The
// templates are named after the process (sogliq_tmpl_<pid>_<kind>); a
// later process drops those whose process has ended.
//
// The server is the one of TEST_DATABASE_URL (default: the local server's
// postgres maintenance database). When no server answers, a local run skips
// loudly and a run with CI set fails.
package dbtest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"sync"
	"syscall"
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
	return clone(t, migrated)
}

// NewSeeded is New plus the demo data at scale 1.
func NewSeeded(t testing.TB) *sqlx.DB {
	t.Helper()
	return clone(t, seeded)
}

// The kinds of template.
const (
	migrated = "migrated"
	seeded   = "seeded"
)

// templates are this process's template databases by kind, made on first
// use; mu also makes concurrent first uses wait for one build.
var templates = struct {
	mu     sync.Mutex
	pruned bool
	names  map[string]string
}{names: map[string]string{}}

// clone returns a fresh database copied from the template of kind.
func clone(t testing.TB, kind string) *sqlx.DB {
	t.Helper()
	ctx := context.Background()
	admin := connectAdmin(t)
	templates.mu.Lock()
	tmpl, err := template(ctx, admin, kind)
	templates.mu.Unlock()
	if err != nil {
		admin.Close()
		t.Fatalf("dbtest: %v", err)
	}
	name := uniqueName()
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(name)+" TEMPLATE "+pq.QuoteIdentifier(tmpl)); err != nil {
		admin.Close()
		t.Fatalf("dbtest: creating %s from %s: %v", name, tmpl, err)
	}
	t.Cleanup(func() { drop(t, admin, name) })
	db, err := database.Open(ctx, withDatabase(t, adminURL(), name))
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// template returns the name of this process's template of kind, building
// it on first use: migrated, and for the seeded kind a copy of the
// migrated one, seeded. Templates of ended processes are dropped first.
// The caller holds templates.mu.
func template(ctx context.Context, admin *sqlx.DB, kind string) (string, error) {
	if name, ok := templates.names[kind]; ok {
		return name, nil
	}
	if !templates.pruned {
		pruneTemplates(ctx, admin)
		templates.pruned = true
	}
	name := fmt.Sprintf("sogliq_tmpl_%d_%s", os.Getpid(), kind)
	create := "CREATE DATABASE " + pq.QuoteIdentifier(name)
	if kind == seeded {
		base, err := template(ctx, admin, migrated)
		if err != nil {
			return "", err
		}
		create += " TEMPLATE " + pq.QuoteIdentifier(base)
	}
	if _, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+pq.QuoteIdentifier(name)+" WITH (FORCE)"); err != nil {
		return "", fmt.Errorf("dropping an old %s: %w", name, err)
	}
	if _, err := admin.ExecContext(ctx, create); err != nil {
		return "", fmt.Errorf("creating %s: %w", name, err)
	}
	if err := fill(ctx, name, kind); err != nil {
		_, _ = admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+pq.QuoteIdentifier(name)+" WITH (FORCE)")
		return "", err
	}
	templates.names[kind] = name
	return name, nil
}

// fill migrates (or seeds) the template name and closes every connection
// to it, so that it can be cloned.
func fill(ctx context.Context, name, kind string) error {
	u, err := url.Parse(adminURL())
	if err != nil {
		return fmt.Errorf("TEST_DATABASE_URL: %w", err)
	}
	u.Path = "/" + name
	db, err := database.Open(ctx, u.String())
	if err != nil {
		return err
	}
	defer db.Close()
	if kind == seeded {
		if err := seed.Run(ctx, db, 1, nil); err != nil {
			return fmt.Errorf("seeding %s: %w", name, err)
		}
		return nil
	}
	if err := database.Migrate(ctx, db); err != nil {
		return fmt.Errorf("migrating %s: %w", name, err)
	}
	return nil
}

// pruneTemplates drops the templates of test processes that have ended
// (a process cannot drop its own on exit: tests have no such hook). A
// process still running keeps its templates.
func pruneTemplates(ctx context.Context, admin *sqlx.DB) {
	var names []string
	const q = `
		SELECT datname
		FROM pg_database
		WHERE datname LIKE 'sogliq\_tmpl\_%'`
	if err := admin.SelectContext(ctx, &names, q); err != nil {
		return
	}
	for _, name := range names {
		var pid int
		if _, err := fmt.Sscanf(name, "sogliq_tmpl_%d_", &pid); err != nil || pid == os.Getpid() || alive(pid) {
			continue
		}
		_, _ = admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+pq.QuoteIdentifier(name)+" WITH (FORCE)")
	}
}

// alive reports whether process pid exists (signal 0 checks without
// sending; EPERM means it exists under another user).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

func uniqueName() string {
	return fmt.Sprintf("sogliq_test_%d_%d_%d", os.Getpid(), time.Now().UnixNano()%1e6, rand.Uint32())
}

// NewEmpty returns a fresh database with nothing in it, not even the
// schema, dropped in t.Cleanup; URL(t, db) reaches it from another pool.
func NewEmpty(t testing.TB) *sqlx.DB {
	t.Helper()
	ctx := context.Background()
	admin := connectAdmin(t)
	name := uniqueName()
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

// Exec runs the statement q with args on db, failing t with q when it
// fails: a fixture's rows.
func Exec(t testing.TB, db *sqlx.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
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
