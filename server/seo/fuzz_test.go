package seo

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"sogliq/server/route"
)

// FuzzSuspicious checks the rule against its definition on any input.
func FuzzSuspicious(f *testing.F) {
	for _, seed := range [][2]string{{"/tashkent-region/doctors", "/region/doctors"}, {"/a", "/a"}, {"", ""}, {"/ä-b/x", "/b"}, {"/--", "/-"}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, source, target string) {
		got := Suspicious(source, target)
		s, tg := firstSegment(source), firstSegment(target)
		if got && !(len(s) > len(tg) && strings.HasSuffix(s, tg) && tg != "") {
			t.Fatalf("Suspicious(%q, %q) = true, but %q does not end with a shorter %q", source, target, s, tg)
		}
		if got && strings.Trim(s+tg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-") != "" {
			t.Fatalf("Suspicious(%q, %q) = true with characters other than letters and hyphens", source, target)
		}
	})
}

// FuzzLookupStaysOnSite: whatever a table row says, a target Lookup
// returns is a path of this site.
func FuzzLookupStaysOnSite(f *testing.F) {
	for _, seed := range [][2]string{{"/a", "/b"}, {"/a", "//evil.example"}, {"/a", "/\\evil.example"},
		{"/a", "https://evil.example"}, {"/a", "/b//c\\d?e\\f"}, {"/a", "/\t/evil.example"}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, source, target string) {
		r := NewRedirects(nil, SEORedirects, slog.New(slog.DiscardHandler))
		r.snapshot.Store(&map[string]string{source: target})
		to, ok := r.Lookup(context.Background(), source)
		if !ok {
			return
		}
		if err := route.CheckLocation(to); err != nil {
			t.Fatalf("Lookup(%q) with target %q: %v", source, target, err)
		}
	})
}
