package seo

import (
	"strings"
	"testing"
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
