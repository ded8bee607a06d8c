package database

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jmoiron/sqlx"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"sogliq/migrations"
)

// newProvider returns a goose provider over the embedded migrations. It
// migrates under a PostgreSQL session advisory lock: instances starting
// together take turns, and the later ones find nothing left to do. The
// lock is polled every second for up to five minutes.
func newProvider(db *sqlx.DB) (*goose.Provider, error) {
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockTimeout(1, 300))
	if err != nil {
		return nil, fmt.Errorf("database.newProvider: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectPostgres, db.DB, migrations.FS,
		goose.WithSlog(slog.New(slog.DiscardHandler)), goose.WithSessionLocker(locker))
	if err != nil {
		return nil, fmt.Errorf("database.newProvider: %w", err)
	}
	return p, nil
}

// Migrate applies every embedded migration the database has not seen. It
// refuses (see CheckSchema) a database migrated by a newer binary.
func Migrate(ctx context.Context, db *sqlx.DB) error {
	if err := CheckSchema(ctx, db); err != nil {
		return err
	}
	p, err := newProvider(db)
	if err != nil {
		return err
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("database.Migrate: %w", err)
	}
	return nil
}

// CheckSchema returns an error when the database's goose version is newer
// than the highest embedded migration: the schema belongs to a newer binary
// and this one must not run against it. An unmigrated database passes.
func CheckSchema(ctx context.Context, db *sqlx.DB) error {
	p, err := newProvider(db)
	if err != nil {
		return err
	}
	current, err := p.GetDBVersion(ctx)
	if err != nil {
		return fmt.Errorf("database.CheckSchema: reading goose version: %w", err)
	}
	if known := latestVersion(p); current > known {
		return fmt.Errorf("database.CheckSchema: database schema version %d is newer than this binary knows (%d); run a newer build or restore a matching database", current, known)
	}
	return nil
}

// latestVersion returns the highest migration version p knows.
func latestVersion(p *goose.Provider) int64 {
	var v int64
	for _, s := range p.ListSources() {
		v = max(v, s.Version)
	}
	return v
}

// DownAll rolls every migration back. It exists for tests and for the
// lead's `migrate down` command; it destroys all data.
func DownAll(ctx context.Context, db *sqlx.DB) error {
	p, err := newProvider(db)
	if err != nil {
		return err
	}
	if _, err := p.DownTo(ctx, 0); err != nil {
		return fmt.Errorf("database.DownAll: %w", err)
	}
	return nil
}
