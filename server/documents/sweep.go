package documents

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// sweepAge is how old a file without a row must be before Sweep removes
// it: an upload in flight has written its file and not yet its row.
const sweepAge = time.Hour

// Sweep removes, as of now, what a crash or a failed removal left behind:
// the folder of a user who no longer exists, and any file older than
// sweepAge that no row names (a temporary file too). It runs hourly
// (server/site).
func (s *Store) Sweep(ctx context.Context, now time.Time) error {
	users, err := os.ReadDir(s.dir)
	if err != nil {
		return fmt.Errorf("documents.Sweep: %w", err)
	}
	for _, u := range users {
		id, err := strconv.ParseInt(u.Name(), 10, 64)
		if err != nil || !u.IsDir() {
			continue
		}
		var keys []string
		const q = `
			SELECT storage_key
			FROM visit_documents
			WHERE user_id = $1`
		if err := s.db.SelectContext(ctx, &keys, q, id); err != nil {
			return fmt.Errorf("documents.Sweep(%d): %w", id, err)
		}
		var exists bool
		if err := s.db.GetContext(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM users WHERE id = $1)`, id); err != nil {
			return fmt.Errorf("documents.Sweep(%d): %w", id, err)
		}
		if !exists {
			s.Forgotten(ctx, id)
			continue
		}
		if err := s.sweepFolder(u.Name(), keys, now); err != nil {
			return err
		}
	}
	return nil
}

// sweepFolder removes the files of one user's folder that are older than
// sweepAge and not among keys.
func (s *Store) sweepFolder(user string, keys []string, now time.Time) error {
	named := map[string]bool{}
	for _, k := range keys {
		named[k] = true
	}
	files, err := os.ReadDir(filepath.Join(s.dir, user))
	if err != nil {
		return fmt.Errorf("documents.Sweep(%s): %w", user, err)
	}
	for _, f := range files {
		info, err := f.Info()
		if err != nil || f.IsDir() || named[user+"/"+f.Name()] || now.Sub(info.ModTime()) < sweepAge {
			continue
		}
		if err := os.Remove(filepath.Join(s.dir, user, f.Name())); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("documents.Sweep(%s): %w", user, err)
		}
	}
	return nil
}
