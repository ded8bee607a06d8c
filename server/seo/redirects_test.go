package seo

import (
	"context"
	"log/slog"
	"slices"
	"testing"

	"sogliq/server/database/dbtest"
)

func TestSuspicious(t *testing.T) {
	for _, test := range []struct {
		source, target string
		want           bool
	}{
		{"/tashkent-region/doctors", "/region/doctors", true},
		{"/kardiolog", "/olog", true},
		{"/doctors/kardiologiya", "/doctors/kardiolog", false}, // same first segment
		{"/region", "/tashkent-region", false},                 // source shorter
		{"/tashkent-region", "/tashkent", false},               // a prefix, not a suffix
		{"/uz2/doctors", "/z2", false},                         // digits are not letters
		{"/", "/doctors", false},
		{"/doctors", "/", false}, // empty target segment
	} {
		if got := Suspicious(test.source, test.target); got != test.want {
			t.Errorf("Suspicious(%q, %q) = %v, want %v", test.source, test.target, got, test.want)
		}
	}
}

func TestLoadResolvesChainsAndDropsCycles(t *testing.T) {
	db := dbtest.New(t)
	ctx := context.Background()
	for _, r := range [][2]string{
		{"/doctors/a", "/doctors/b"},
		{"/doctors/b", "/doctors/c"},
		{"/doctors/c", "/doctors/d"},
		{"/doctors/x", "/doctors/y"},
		{"/doctors/y", "/doctors/x"},
		{"/tashkent-region/doctors", "/region/doctors"},
		{"/doctors/off2", "//evil.example"},
		{"/doctors/off3", "/\\evil.example"},
		{"/doctors/dirty", "/doctors//kardiolog\\deti?x=\\y"},
	} {
		if _, err := db.ExecContext(ctx, `INSERT INTO seo_redirects (source, target) VALUES ($1, $2)`, r[0], r[1]); err != nil {
			t.Fatal(err)
		}
	}
	r := NewRedirects(db, SEORedirects, slog.New(slog.DiscardHandler))
	if err := r.Load(ctx); err != nil {
		t.Fatal(err)
	}
	// The version moves with the table, not with every reload.
	v := r.Version()
	if err := r.Load(ctx); err != nil || r.Version() != v || v == 0 {
		t.Errorf("a reload of the same table: version %d → %d (%v), want it kept and non-zero", v, r.Version(), err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO seo_redirects (source, target) VALUES ('/doctors/e', '/doctors/f')`); err != nil {
		t.Fatal(err)
	}
	if err := r.Load(ctx); err != nil || r.Version() != v+1 {
		t.Errorf("a reload of a changed table: version %d → %d (%v), want %d", v, r.Version(), err, v+1)
	}
	for _, test := range []struct {
		path, want string
		ok         bool
	}{
		{"/doctors/a", "/doctors/d", true},
		{"/doctors/b", "/doctors/d", true},
		{"/doctors/c", "/doctors/d", true},
		{"/doctors/d", "", false},
		{"/doctors/x", "", false}, // on a cycle
		{"/doctors/y", "", false},
		{"/tashkent-region/doctors", "", false}, // suspicious
		{"/doctors/off2", "", false},            // off the site
		{"/doctors/off3", "", false},
		{"/doctors/dirty", "/doctors/kardiolog/deti?x=%5Cy", true}, // collapsed
		{"/doctors/unknown", "", false},
	} {
		got, ok := r.Lookup(ctx, test.path)
		if got != test.want || ok != test.ok {
			t.Errorf("Lookup(%q) = %q, %v; want %q, %v", test.path, got, ok, test.want, test.ok)
		}
	}
}

// bus is a Bus inside one test: a purge calls the listeners of its tags at
// once.
type bus struct {
	listeners map[string][]func()
	purged    []string
}

func (b *bus) Purge(_ context.Context, tags ...string) error {
	b.purged = append(b.purged, tags...)
	for _, tag := range tags {
		for _, fn := range b.listeners[tag] {
			fn()
		}
	}
	return nil
}

func (b *bus) Listen(_ context.Context, tag string, fn func()) {
	b.listeners[tag] = append(b.listeners[tag], fn)
}

// pages has a page at each of its paths.
type pages map[string]bool

func (p pages) IsPage(_ context.Context, path string) (bool, error) { return p[path], nil }

// TestSaveAndRemoveReachEveryInstance: two instances following one bus;
// what one saves or removes, the other serves at once; a source where a
// page lives is refused.
func TestSaveAndRemoveReachEveryInstance(t *testing.T) {
	db := dbtest.New(t)
	ctx := context.Background()
	b := &bus{listeners: map[string][]func(){}}
	follow := func(table Table) *Redirects {
		r := NewRedirects(db, table, slog.New(slog.DiscardHandler))
		r.Pages = pages{"/doctor/live": true}
		r.Follow(ctx, b)
		return r
	}
	a, other, rules := follow(SEORedirects), follow(SEORedirects), follow(RouteRules)
	if err := a.Save(ctx, "/doctor/gone", "/doctors"); err != nil {
		t.Fatal(err)
	}
	if to, ok := other.Lookup(ctx, "/doctor/gone"); !ok || to != "/doctors" {
		t.Errorf("the other instance after the save: %q, %v", to, ok)
	}
	if to, ok := rules.Lookup(ctx, "/doctor/gone"); ok {
		t.Errorf("the route rules serve the SEO redirect: %q", to)
	}
	if err := a.Remove(ctx, "/doctor/gone"); err != nil {
		t.Fatal(err)
	}
	if to, ok := other.Lookup(ctx, "/doctor/gone"); ok {
		t.Errorf("the other instance after the removal: %q", to)
	}
	if r, ok := IsRefusal(a.Save(ctx, "/doctor/live", "/doctors")); !ok || *r != (Refusal{"source", "editor.redirect.page"}) {
		t.Errorf("a live page's source: %v, want the refusal editor.redirect.page", r)
	}
	if want := []string{"redirects:seo_redirects", "redirects:seo_redirects"}; !slices.Equal(b.purged, want) {
		t.Errorf("announced %q, want %q", b.purged, want)
	}
}
