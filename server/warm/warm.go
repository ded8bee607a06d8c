// Package warm renders the doctors' listings in the background, most
// visited specialties first, so that their cards wait in the fragment
// store (shared through Redis) before a visitor or a crawler asks: after a
// deploy every card key is new (the build is part of it), and a cold
// listing at country scale costs several times a warm one. It spends at
// most a set share of one core, and its renders wait behind every
// visitor's (ssr.Background).
package warm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/route"
	"sogliq/ssr"
)

// Renderer is what the warmer needs of the site: a page's props
// (web.Server.PageProps) and the engine that renders them.
type Renderer interface {
	PageProps(ctx context.Context, target string) ([]byte, error)
}

// Options configure a Warmer.
type Options struct {
	// Budget is the share of one core the warmer may use (default 0.25):
	// after a render that took d it rests d·(1/Budget − 1).
	Budget float64
	// Interval is the time between passes (default 1h); the first pass
	// starts at once.
	Interval time.Duration
	// Limit, when positive, bounds the targets of a pass to the first ones.
	Limit int
	// Logger receives a line per pass (default slog.Default()).
	Logger *slog.Logger
}

// Warmer renders listings in the background.
type Warmer struct {
	db     *sqlx.DB
	site   Renderer
	engine *ssr.Engine
	opts   Options
}

// New returns a warmer of site's listings, rendered by engine, ordered by
// db's popularity.
func New(db *sqlx.DB, site Renderer, engine *ssr.Engine, opts Options) *Warmer {
	if opts.Budget <= 0 || opts.Budget > 1 {
		opts.Budget = 0.25
	}
	if opts.Interval <= 0 {
		opts.Interval = time.Hour
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	return &Warmer{db: db, site: site, engine: engine, opts: opts}
}

// Run makes a pass now and then one every Interval, until ctx ends.
func (w *Warmer) Run(ctx context.Context) {
	for {
		start := time.Now()
		n, err := w.Pass(ctx)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			w.opts.Logger.Warn("warm: pass stopped", slog.Int("rendered", n), slog.Any("err", err))
		} else {
			w.opts.Logger.Info("warm: pass done", slog.Int("rendered", n), slog.Duration("took", time.Since(start)))
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(w.opts.Interval):
		}
	}
}

// Pass renders every target of Targets once, within the budget, and
// returns how many it rendered. A target that cannot render is skipped.
func (w *Warmer) Pass(ctx context.Context) (int, error) {
	targets, err := w.Targets(ctx)
	if err != nil {
		return 0, err
	}
	if w.opts.Limit > 0 && len(targets) > w.opts.Limit {
		targets = targets[:w.opts.Limit]
	}
	n := 0
	for _, target := range targets {
		start := time.Now()
		props, err := w.site.PageProps(ctx, target)
		if err == nil {
			_, err = w.engine.Render(ssr.Background(ctx), props)
		}
		if ctx.Err() != nil {
			return n, ctx.Err()
		}
		if err != nil {
			w.opts.Logger.Debug("warm: skipped", slog.String("target", target), slog.Any("err", err))
		} else {
			n++
		}
		rest := time.Duration(float64(time.Since(start)) * (1/w.opts.Budget - 1))
		select {
		case <-ctx.Done():
			return n, ctx.Err()
		case <-time.After(rest):
		}
	}
	return n, nil
}

// Targets are the first pages of the doctors' listings, adults' and
// children's, in both languages and every region: the most visited
// specialties first, the regions in their order.
func (w *Warmer) Targets(ctx context.Context) ([]string, error) {
	var specialties, regions []string
	if err := w.db.SelectContext(ctx, &specialties, `SELECT slug FROM specialties ORDER BY popularity DESC, id`); err != nil {
		return nil, fmt.Errorf("warm.Targets: %w", err)
	}
	if err := w.db.SelectContext(ctx, &regions, `SELECT slug FROM regions ORDER BY position, id`); err != nil {
		return nil, fmt.Errorf("warm.Targets: %w", err)
	}
	if len(regions) == 0 {
		return nil, errors.New("warm.Targets: no regions")
	}
	var targets []string
	for _, s := range specialties {
		for _, region := range regions {
			for _, lang := range []string{"ru", "uz"} {
				prefix := route.Prefix(route.Place{Lang: lang, Region: region}, true)
				targets = append(targets, prefix+"/doctors/"+s, prefix+"/doctors/"+s+"/deti")
			}
		}
	}
	return targets, nil
}
