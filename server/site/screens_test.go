package site_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"sogliq/server/site/sitetest"
)

// TestSpecialtyTilesHaveDoctors: a region's specialty tiles lead only to
// listings with doctors; specialties without one are named once, plainly,
// not offered as tiles reading "0 врачей" (issue 34 item 16).
func TestSpecialtyTilesHaveDoctors(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	var sawNone bool
	for _, path := range []string{"/uz/samarkand/doctors", "/samarkand/doctors", "/doctors", "/uz/samarkand"} {
		p := sitetest.Get(t, s.URL+path)
		if p.Resp.StatusCode != 200 {
			t.Fatalf("%s: %d", path, p.Resp.StatusCode)
		}
		tiles := p.All(t, ".tile-list a.tile")
		if len(tiles) == 0 {
			t.Errorf("%s: no specialty tiles", path)
		}
		for _, c := range p.All(t, ".tile-list a.tile .tile__count") {
			if n := strings.TrimSpace(sitetest.Text(c)); strings.HasPrefix(n, "0 ") {
				t.Errorf("%s: a tile with no doctors: %q", path, n)
			}
		}
		if len(p.All(t, ".tile-list__none")) > 0 {
			sawNone = true
		}
	}
	if !sawNone {
		t.Errorf("no page named the specialties without doctors (the demo data has some in Samarkand)")
	}
}

// TestNotFoundHelpsOn: the 404 page has a search box (a plain form to
// /search, no script needed) and the language switch (issue 34 item 17).
func TestNotFoundHelpsOn(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct{ path, action, other string }{
		{"/no-such-page", "/search", "uz"},
		{"/uz/no-such-page", "/uz/search", "ru"},
	} {
		p := sitetest.Get(t, s.URL+test.path)
		if p.Resp.StatusCode != 404 {
			t.Fatalf("%s: %d", test.path, p.Resp.StatusCode)
		}
		form := p.One(t, `form[role="search"]`)
		if got := attr(form, "action"); got != test.action {
			t.Errorf("%s: the search goes to %q, want %q", test.path, got, test.action)
		}
		if len(p.All(t, `form[role="search"] input[name="q"]`)) != 1 {
			t.Errorf("%s: no search field", test.path)
		}
		if len(p.All(t, `.lang-switcher a[hreflang="`+test.other+`"]`)) != 1 {
			t.Errorf("%s: no link to the page in %s", test.path, test.other)
		}
	}
}

func attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

// TestNamesakesApart: two doctors of one name are told apart in the
// suggestions by their specialty and clinic (issue 34 item 8).
func TestNamesakesApart(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	var name string
	const q = `
		SELECT full_name_ru
		FROM doctors
		GROUP BY full_name_ru
		HAVING count(*) > 1
		ORDER BY full_name_ru
		LIMIT 1`
	if err := s.DB.Get(&name, q); err != nil {
		t.Skipf("the demo data has no namesakes: %v", err)
	}
	var got suggestAnswer
	resp, err := http.Get(s.URL + "/api/suggest?q=" + url.QueryEscape(name))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, d := range got.Data {
		if d.Type != "doctor" || d.Name != name {
			continue
		}
		if !strings.Contains(d.Description, " · ") {
			t.Errorf("%s (%s): description %q names no specialty and clinic", d.Name, d.Slug, d.Description)
		}
		if seen[d.Description] {
			t.Errorf("two %s suggested alike: %q", name, d.Description)
		}
		seen[d.Description] = true
	}
	if len(seen) < 2 {
		t.Errorf("%s: %d namesakes suggested, want 2 (%+v)", name, len(seen), got.Data)
	}
}
