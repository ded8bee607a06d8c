package seo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"unicode"

	"sogliq/server/derrors"
	"sogliq/server/route"
)

// Redirect is one row of a redirect table, as the editor lists it.
type Redirect struct {
	Source string `json:"source" db:"source"`
	Target string `json:"target" db:"target"`
}

// maxPath bounds a source or a target.
const maxPath = 2000

// Refusal is why a redirect is not saved: Field is "source" or "target",
// Key a dictionary key.
type Refusal struct {
	Field, Key string
}

func (r *Refusal) Error() string { return fmt.Sprintf("seo: %s: %s", r.Field, r.Key) }

// List returns the table's rows, sorted by source.
func (r *Redirects) List(ctx context.Context) ([]Redirect, error) {
	out := []Redirect{}
	q := `
		SELECT source, target
		FROM ` + string(r.table) + `
		ORDER BY source`
	if err := r.db.SelectContext(ctx, &out, q); err != nil {
		return nil, fmt.Errorf("seo.Redirects.List(%s): %w", r.table, err)
	}
	return out, nil
}

// Save adds the redirect from source to target, or moves an existing
// source to the new target, reloads this process's snapshot and tells the
// other instances (see changed). It refuses (*Refusal) a path that is not
// a plain path of this site, a redirect to itself, spec §5's suspicious
// pair, a source where a page lives (see Pages) and one that would close
// a cycle.
func (r *Redirects) Save(ctx context.Context, source, target string) error {
	source, target = strings.TrimSpace(source), strings.TrimSpace(target)
	if !plainPath(source) {
		return &Refusal{"source", "editor.redirect.path"}
	}
	if _, local := route.SameOrigin(target); !plainPath(target) || !local {
		return &Refusal{"target", "editor.redirect.path"}
	}
	if source == target {
		return &Refusal{"target", "editor.redirect.same"}
	}
	if Suspicious(source, target) {
		return &Refusal{"target", "editor.redirect.suspicious"}
	}
	if err := r.refusePage(ctx, source); err != nil {
		return err
	}
	rows, err := r.List(ctx)
	if err != nil {
		return err
	}
	raw := map[string]string{source: target}
	for _, rw := range rows {
		if rw.Source != source {
			raw[rw.Source] = rw.Target
		}
	}
	if _, ok := follow(raw, source); !ok {
		return &Refusal{"target", "editor.redirect.cycle"}
	}
	q := `
		INSERT INTO ` + string(r.table) + ` (source, target)
		VALUES ($1, $2)
		ON CONFLICT (source) DO UPDATE SET target = excluded.target`
	if _, err := r.db.ExecContext(ctx, q, source, target); err != nil {
		return fmt.Errorf("seo.Redirects.Save(%s %q): %w", r.table, source, err)
	}
	return r.changed(ctx)
}

// refusePage refuses a source where a page lives: the redirect would take
// a live page from every visitor. Only a page that is gone may be sent on.
func (r *Redirects) refusePage(ctx context.Context, source string) error {
	if r.Pages == nil {
		return nil
	}
	live, err := r.Pages.IsPage(ctx, source)
	if err != nil {
		return fmt.Errorf("seo.Redirects.Save(%s %q): %w", r.table, source, err)
	}
	if live {
		return &Refusal{"source", "editor.redirect.page"}
	}
	return nil
}

// changed reloads this process's snapshot at once and announces the change
// on the bus, so every other instance reloads as the message arrives (this
// one too, hearing its own: a reload is one small SELECT). A failed
// announcement is logged, not returned: the row is written and served
// here, and the others still catch up within Refresh's interval.
func (r *Redirects) changed(ctx context.Context) error {
	if err := r.Load(ctx); err != nil {
		return err
	}
	if r.bus == nil {
		return nil
	}
	if err := r.bus.Purge(ctx, r.tag()); err != nil {
		r.log.WarnContext(ctx, "redirects: the other instances were not told; they reload within their refresh interval", slog.String("table", string(r.table)), slog.Any("err", err))
	}
	return nil
}

// Remove deletes the redirect from source (derrors.NotFound when there is
// none), reloads this process's snapshot and tells the other instances.
func (r *Redirects) Remove(ctx context.Context, source string) error {
	q := `
		DELETE FROM ` + string(r.table) + `
		WHERE source = $1`
	res, err := r.db.ExecContext(ctx, q, source)
	if err != nil {
		return fmt.Errorf("seo.Redirects.Remove(%s %q): %w", r.table, source, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("seo.Redirects.Remove(%s %q): %w", r.table, source, derrors.NotFound)
	}
	return r.changed(ctx)
}

// plainPath is a path of this site as the router sees it: a leading
// slash, no second one, no query or fragment, no space or control
// character, at most maxPath bytes.
func plainPath(p string) bool {
	if p == "" || p[0] != '/' || strings.HasPrefix(p, "//") || len(p) > maxPath || strings.ContainsAny(p, "?#\\") {
		return false
	}
	return !strings.ContainsFunc(p, func(c rune) bool { return unicode.IsSpace(c) || unicode.IsControl(c) })
}

// IsRefusal reports whether err is a Refusal, and which.
func IsRefusal(err error) (*Refusal, bool) {
	var r *Refusal
	ok := errors.As(err, &r)
	return r, ok
}
