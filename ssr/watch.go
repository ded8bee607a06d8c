package ssr

import (
	"context"
	"io/fs"
	"log/slog"
	"path/filepath"
	"time"
)

// Watch rebuilds the bundles whenever a file under client/ or shared/
// changes and swaps them into the engine, until ctx ends (DEV=1). It polls
// modification times: no watcher library, and it works on every file system.
func Watch(ctx context.Context, opts BuildOptions, e *Engine, log *slog.Logger) {
	last := latestChange(opts.Root)
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		now := latestChange(opts.Root)
		if !now.After(last) {
			continue
		}
		last = now
		start := time.Now()
		b, err := Build(opts)
		if err == nil {
			err = e.Swap(b)
		}
		if err != nil {
			log.Error("dev rebuild failed; still serving the previous bundle", slog.Any("err", err))
			continue
		}
		log.Info("dev rebuild", slog.String("build", b.ID), slog.Duration("took", time.Since(start)))
	}
}

func latestChange(root string) time.Time {
	var latest time.Time
	for _, dir := range []string{"client", "shared"} {
		_ = filepath.WalkDir(filepath.Join(root, dir), func(_ string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			if info, err := d.Info(); err == nil && info.ModTime().After(latest) {
				latest = info.ModTime()
			}
			return nil
		})
	}
	return latest
}
