package database_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jmoiron/sqlx"

	"sogliq/server/database"
	"sogliq/server/database/dbtest"
)

func TestMigrateUpDownUp(t *testing.T) {
	ctx := context.Background()
	db := dbtest.New(t)
	tables := func() []string {
		t.Helper()
		var names []string
		const q = `
			SELECT table_name
			FROM information_schema.tables
			WHERE table_schema = 'public' AND table_name <> 'goose_db_version'
			ORDER BY table_name`
		if err := db.SelectContext(ctx, &names, q); err != nil {
			t.Fatal(err)
		}
		return names
	}
	// Every migration adds tables; the test pins the core ones and then
	// checks that down removes everything and up brings the same back.
	want := strings.Join(tables(), ",")
	for _, core := range []string{"regions", "districts", "specialties", "clinics", "doctors", "doctor_specialties", "doctor_clinics"} {
		if !strings.Contains(","+want+",", ","+core+",") {
			t.Fatalf("after up: tables %s lack %s", want, core)
		}
	}
	if err := database.DownAll(ctx, db); err != nil {
		t.Fatal(err)
	}
	if got := tables(); len(got) != 0 {
		t.Fatalf("after down: tables %v remain", got)
	}
	if err := database.Migrate(ctx, db); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(tables(), ","); got != want {
		t.Fatalf("after up again: tables %s, want %s", got, want)
	}
	var n int
	if err := db.GetContext(ctx, &n, "SELECT count(*) FROM regions"); err != nil || n != 14 {
		t.Errorf("regions: %d, %v; want 14", n, err)
	}
}

// TestConcurrentMigrate: two instances starting together on a fresh
// database both succeed, taking turns on the migration lock, and leave
// the schema that one alone leaves.
func TestConcurrentMigrate(t *testing.T) {
	ctx := context.Background()
	fresh := dbtest.NewEmpty(t)
	url := dbtest.URL(t, fresh)
	errs := make(chan error, 2)
	for range 2 {
		go func() {
			db, err := database.Open(ctx, url)
			if err != nil {
				errs <- err
				return
			}
			defer db.Close()
			errs <- database.Migrate(ctx, db)
		}()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Errorf("a concurrent Migrate failed: %v", err)
		}
	}
	if diff := cmp.Diff(schema(t, dbtest.New(t)), schema(t, fresh)); diff != "" {
		t.Errorf("schema after concurrent migrations (-alone +concurrent):\n%s", diff)
	}
	var applied, distinct int
	if err := fresh.QueryRowContext(ctx, "SELECT count(*), count(DISTINCT version_id) FROM goose_db_version WHERE version_id > 0").Scan(&applied, &distinct); err != nil {
		t.Fatal(err)
	}
	if applied != distinct {
		t.Errorf("goose_db_version has %d rows for %d migrations: one ran twice", applied, distinct)
	}
}

// schema lists a database's columns as table.column type.
func schema(t *testing.T, db *sqlx.DB) []string {
	t.Helper()
	var cols []string
	const q = `
		SELECT table_name || '.' || column_name || ' ' || data_type
		FROM information_schema.columns
		WHERE table_schema = 'public'
		ORDER BY 1`
	if err := db.Select(&cols, q); err != nil {
		t.Fatal(err)
	}
	return cols
}

func TestCheckSchema(t *testing.T) {
	ctx := context.Background()
	db := dbtest.New(t)
	if err := database.CheckSchema(ctx, db); err != nil {
		t.Fatalf("CheckSchema on a migrated database: %v", err)
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO goose_db_version (version_id, is_applied) VALUES (99999, true)"); err != nil {
		t.Fatal(err)
	}
	err := database.CheckSchema(ctx, db)
	if err == nil || !strings.Contains(err.Error(), "newer") {
		t.Fatalf("CheckSchema on version 99999 = %v, want an error saying the schema is newer", err)
	}
	if err := database.Migrate(ctx, db); err == nil {
		t.Fatal("Migrate on version 99999 succeeded, want an error")
	}
}

func TestPrepareCreatesMissingDatabase(t *testing.T) {
	ctx := context.Background()
	maint := dbtest.AdminURL(t)
	name := fmt.Sprintf("sogliq_test_prepare_%d_%d", os.Getpid(), rand.Uint32())
	url := strings.Replace(maint, "/postgres?", "/"+name+"?", 1)
	if url == maint {
		t.Fatalf("cannot derive a database URL from %s", maint)
	}
	db, err := database.Prepare(ctx, url, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	t.Cleanup(func() { dropDatabase(t, maint, name) })
	// A second Prepare finds the database.
	db, err = database.Prepare(ctx, url, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
}

func TestPrepareUnreachable(t *testing.T) {
	// Port 1 on localhost: nothing listens, and it is not the default URL,
	// so no private cluster starts.
	_, err := database.Prepare(context.Background(), "postgres://postgres@127.0.0.1:1/x?sslmode=disable", slog.New(slog.DiscardHandler))
	if err == nil || !strings.Contains(err.Error(), "DATABASE_URL") {
		t.Fatalf("Prepare = %v, want an error naming DATABASE_URL", err)
	}
}

func dropDatabase(t *testing.T, maint, name string) {
	t.Helper()
	db, err := sqlx.Connect("postgres", maint)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`DROP DATABASE IF EXISTS "` + name + `" WITH (FORCE)`); err != nil {
		t.Error(err)
	}
}
