package seo

import (
	"context"
	"log/slog"
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
