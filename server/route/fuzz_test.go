package route

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzLocateAndMatch: no path makes the parser panic, the rest of a
// located path is always a path, and every matched parameter is valid
// UTF-8 (the database refuses anything else).
func FuzzLocateAndMatch(f *testing.F) {
	table, err := Load()
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{"/", "/uz", "/uz/", "/ru/doctors", "/en", "/samarkand/doctors/kardiolog",
		"/uz/samarkand/doctors/kardiolog/deti", "/doctor/%FF", "//doctors//", "/doctors/%2F", "/uz/uz/uz", "",
		"/ru//evil.example", "/en/\\evil.example", "/tashkent//doctors", "//doctors/tashkent", "/klinika/%00", "/doctor/%C0%80"} {
		f.Add(seed)
	}
	isRegion := func(s string) bool { return s == "samarkand" || s == "tashkent" }
	f.Fuzz(func(t *testing.T, path string) {
		loc := Locate(path, isRegion)
		if !strings.HasPrefix(loc.Rest, "/") {
			t.Fatalf("Locate(%q).Rest = %q, not a path", path, loc.Rest)
		}
		if loc.Lang != "ru" && loc.Lang != "uz" {
			t.Fatalf("Locate(%q).Lang = %q", path, loc.Lang)
		}
		m, ok := table.Match(loc.Rest)
		if !ok {
			return
		}
		for k, v := range m.Params {
			if v == "" || !utf8.ValidString(v) || strings.ContainsFunc(v, isControl) {
				t.Fatalf("Match(%q) param %s = %q", loc.Rest, k, v)
			}
		}
		if _, err := m.Route.Path(m.Params); err != nil {
			t.Fatalf("a matched route cannot rebuild its path: %v", err)
		}
	})
}
