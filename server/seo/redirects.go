// Package seo owns the redirect tables of spec §4: the SEO redirects of
// check 2 and the route rules of check 6, read into memory, with the
// suspicious-redirect rule of spec §5.
package seo

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/route"
)

// Table names a redirect table; both have the columns source and target.
type Table string

// The redirect tables.
const (
	SEORedirects Table = "seo_redirects" // check 2
	RouteRules   Table = "route_rules"   // check 6
)

// Redirects answers "where did this path move?" from a snapshot of one
// redirect table, reloaded when an instance changes the table (Follow) and
// refreshed in the background.
type Redirects struct {
	// Pages, when set, makes Save refuse a source where a page of the site
	// lives; set it before the first Save.
	Pages Pages

	db       *sqlx.DB
	log      *slog.Logger
	table    Table
	bus      Bus // nil until Follow
	snapshot atomic.Pointer[map[string]string]
	version  atomic.Uint64
	// loading makes Loads take turns, so that the one that read last
	// stores last: a reload begun before a change cannot overwrite the
	// snapshot of a reload the change's message started.
	loading sync.Mutex
}

// NewRedirects returns Redirects over table in db; call Load before serving.
func NewRedirects(db *sqlx.DB, table Table, log *slog.Logger) *Redirects {
	r := &Redirects{db: db, table: table, log: log}
	r.snapshot.Store(&map[string]string{})
	return r
}

// Pages tells whether a visitor asking for a path gets a page of the site;
// web.Server is one.
type Pages interface {
	IsPage(ctx context.Context, path string) (bool, error)
}

// Bus carries the news that a table changed to every instance sharing it;
// cache.Cache is one (a purge of a tag, over Redis pub/sub).
type Bus interface {
	Purge(ctx context.Context, tags ...string) error
	Listen(ctx context.Context, tag string, fn func())
}

type row struct {
	Source string `db:"source"`
	Target string `db:"target"`
}

// Load reads the table and resolves chains (a → b → c becomes a → c), so a
// visitor is never sent through more than one hop. Rows on a cycle are
// logged and left out; suspicious rows are kept and refused at lookup.
func (r *Redirects) Load(ctx context.Context) error {
	r.loading.Lock()
	defer r.loading.Unlock()
	var rows []row
	// table is one of the Table constants, never input.
	q := `
		SELECT source, target
		FROM ` + string(r.table)
	if err := r.db.SelectContext(ctx, &rows, q); err != nil {
		return fmt.Errorf("seo.Redirects.Load(%s): %w", r.table, err)
	}
	raw := make(map[string]string, len(rows))
	for _, rw := range rows {
		raw[rw.Source] = rw.Target
	}
	resolved := make(map[string]string, len(raw))
	for source := range raw {
		target, ok := follow(raw, source)
		if !ok {
			r.log.ErrorContext(ctx, "redirect cycle; not served", slog.String("table", string(r.table)), slog.String("source", source))
			continue
		}
		resolved[source] = target
	}
	if !maps.Equal(*r.snapshot.Load(), resolved) {
		r.snapshot.Store(&resolved)
		r.version.Add(1)
	}
	return nil
}

// Version counts the changes of the table since r was made: it moves when
// a Load finds the table changed, never otherwise.
func (r *Redirects) Version() uint64 { return r.version.Load() }

// follow walks source's chain to its end; ok is false on a cycle.
func follow(raw map[string]string, source string) (string, bool) {
	seen := map[string]bool{source: true}
	target := raw[source]
	for {
		next, ok := raw[target]
		if !ok {
			return target, true
		}
		if seen[target] {
			return "", false
		}
		seen[target] = true
		target = next
	}
}

// Follow makes r reload whenever bus carries a change of its table, made
// by this instance or another, until ctx ends, and makes Save and Remove
// announce theirs on bus. Call it once, before serving.
func (r *Redirects) Follow(ctx context.Context, bus Bus) {
	r.bus = bus
	bus.Listen(ctx, r.tag(), func() {
		if err := r.Load(ctx); err != nil && ctx.Err() == nil {
			r.log.WarnContext(ctx, "redirects: reload failed; keeping the last snapshot", slog.String("table", string(r.table)), slog.Any("err", err))
		}
	})
}

// tag is the bus tag of a change of r's table.
func (r *Redirects) tag() string { return "redirects:" + string(r.table) }

// Refresh reloads the table every interval until ctx ends; a failed load
// keeps the previous snapshot and is logged. With Follow it only catches
// what a lost message missed.
func (r *Redirects) Refresh(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := r.Load(ctx); err != nil {
				r.log.WarnContext(ctx, "redirects: reload failed; keeping the last snapshot", slog.String("table", string(r.table)), slog.Any("err", err))
			}
		}
	}
}

// Lookup returns where path moved. A suspicious redirect (see Suspicious)
// or one whose target is not a path of this site (route.SameOrigin)
// is logged as "Invalid redirect detected" and not returned.
func (r *Redirects) Lookup(ctx context.Context, path string) (string, bool) {
	target, ok := (*r.snapshot.Load())[path]
	if !ok {
		return "", false
	}
	// A target off the site (a scheme, "//host") is refused like a
	// suspicious one: the tables hold paths of this site only.
	location, local := route.SameOrigin(target)
	if Suspicious(path, target) || !local {
		r.log.ErrorContext(ctx, "Invalid redirect detected", slog.String("from", path), slog.String("to", target))
		return "", false
	}
	return location, true
}

// Suspicious is spec §5's rule: the source's first path segment is longer
// than the target's and ends with it, both made only of letters and
// hyphens. Such a row usually comes from a botched import that cut a prefix
// (/kardiolog → /olog) and would send visitors somewhere meaningless.
func Suspicious(source, target string) bool {
	s, t := firstSegment(source), firstSegment(target)
	return len(s) > len(t) && strings.HasSuffix(s, t) && lettersAndHyphens(s) && lettersAndHyphens(t)
}

func firstSegment(path string) string {
	seg, _, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	return seg
}

// lettersAndHyphens reports whether s is non-empty and made of ASCII
// letters and hyphens only.
func lettersAndHyphens(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-') {
			return false
		}
	}
	return true
}
