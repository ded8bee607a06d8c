package route

import (
	"testing"
)

func TestSameOrigin(t *testing.T) {
	for _, test := range []struct {
		to, want string
		ok       bool
	}{
		{"/doctors", "/doctors", true},
		{"/", "/", true},
		{"/uz/samarkand/doctors?page=2", "/uz/samarkand/doctors?page=2", true},
		{"/doctors//kardiolog", "/doctors/kardiolog", true},
		{"/doctors\\kardiolog/\\/deti", "/doctors/kardiolog/deti", true},
		{"/doctors?next=//evil.example", "/doctors?next=//evil.example", true}, // a query is no host
		{"/doctors?x=\\y", "/doctors?x=%5Cy", true},
		{"/\t/evil.example", "/%09/evil.example", true}, // browsers drop tabs: /\t/ would be //
		{"/a\r\nSet-Cookie: x=1", "/a%0D%0ASet-Cookie:%20x=1", true},
		{"/%zz/%2F%2Fevil", "/%25zz/%2F%2Fevil", true},
		{"/врач", "/%D0%B2%D1%80%D0%B0%D1%87", true},
		{"/\xff", "/%FF", true},
		{"", "", false},
		{"//evil.example", "", false},
		{"/\\evil.example", "", false},
		{"\\/evil.example", "", false},
		{"\\\\evil.example", "", false},
		{"https://evil.example/", "", false},
		{"javascript:alert(1)", "", false},
		{"evil.example", "", false},
		{" /doctors", "", false},
		{"?x=1", "", false},
	} {
		got, ok := SameOrigin(test.to)
		if got != test.want || ok != test.ok {
			t.Errorf("SameOrigin(%q) = %q, %v; want %q, %v", test.to, got, ok, test.want, test.ok)
		}
	}
}

func TestCleanPath(t *testing.T) {
	for in, want := range map[string]string{
		"/doctors":            "/doctors",
		"//doctors/tashkent":  "/doctors/tashkent",
		"/ru//evil.example":   "/ru/evil.example",
		"/en/\\evil.example":  "/en/evil.example",
		"/tashkent//doctors/": "/tashkent/doctors/",
		"\\\\":                "/",
		"/doctors%2F%2Fx":     "/doctors%2F%2Fx", // encoded slashes are data
	} {
		if got := CleanPath(in); got != want {
			t.Errorf("CleanPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzSameOrigin: whatever goes in, what comes out parses as a relative
// path starting with exactly one "/", and resolving it against the site
// keeps the site's host.
func FuzzSameOrigin(f *testing.F) {
	for _, seed := range []string{"/", "//evil.example", "/\\evil.example", "/\t/evil", "/%2F%2F", "/a?b#c",
		"https://evil.example", "/a\\b?c\\d", "/%", "/%%41", "/\x00", "/[::1]", "/a#b#c"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, to string) {
		location, ok := SameOrigin(to)
		if !ok {
			return
		}
		if err := CheckLocation(location); err != nil {
			t.Fatalf("SameOrigin(%q): %v", to, err)
		}
	})
}
