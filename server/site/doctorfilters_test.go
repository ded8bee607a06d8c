package site_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/lib/pq"

	"sogliq/server/site/sitetest"
)

// TestDoctorListFilters: the doctor listing's filters are links with the
// filter in the query; a filtered page is its own canonical (parameters
// the route does not declare are left out of it, as of the cache key);
// one stable filter over enough doctors is indexed, a free-time window or
// two filters are not; a value the listing does not know is a 400 in the
// visitor's language.
func TestDoctorListFilters(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	canonical := func(p sitetest.Page) string {
		t.Helper()
		return sitetest.Attr(p.One(t, `link[rel="canonical"]`), "href")
	}
	noindex := func(p sitetest.Page) bool {
		return len(p.All(t, `meta[name="robots"][content*="noindex"]`)) > 0
	}
	plain := sitetest.Get(t, s.URL+"/doctors/kardiolog")
	var chips []string
	for _, a := range plain.All(t, ".doctor-list__filters a") {
		chips = append(chips, sitetest.Attr(a, "href"))
	}
	for _, want := range []string{"/doctors/kardiolog?free=today", "/doctors/kardiolog?gender=f", "/doctors/kardiolog?speaks=en", "/doctors/kardiolog?rating=4", "/doctors/kardiolog?price_to=150000"} {
		if !slices.Contains(chips, want) {
			t.Errorf("no filter link %s among %v", want, chips)
		}
	}
	female := sitetest.Get(t, s.URL+"/doctors/kardiolog?gender=f&utm_source=x")
	if female.Resp.StatusCode != 200 {
		t.Fatalf("?gender=f: status %d", female.Resp.StatusCode)
	}
	if got := canonical(female); !strings.HasSuffix(got, "/doctors/kardiolog?gender=f") {
		t.Errorf("canonical of ?gender=f&utm_source=x = %q, want the page without utm_source", got)
	}
	if noindex(female) {
		t.Error("?gender=f is noindex; one filter over enough doctors is a page of its own")
	}
	on := female.One(t, `.doctor-list__filters a[aria-current="true"]`)
	if got := sitetest.Attr(on, "href"); got != "/doctors/kardiolog" {
		t.Errorf("the filter in force links to %q, want the listing without it", got)
	}
	var slugs []string
	for _, a := range female.All(t, "article.doctor-summary h2 a") {
		slugs = append(slugs, strings.TrimPrefix(sitetest.Attr(a, "href"), "/doctor/"))
	}
	var men int
	if err := s.DB.Get(&men, `SELECT count(*) FROM doctors WHERE slug = ANY($1) AND gender <> 'f'`, pq.Array(slugs)); err != nil {
		t.Fatal(err)
	}
	if len(slugs) == 0 || men != 0 {
		t.Errorf("?gender=f shows %d cards, %d of them not women", len(slugs), men)
	}
	for _, path := range []string{"/doctors/kardiolog?free=today", "/doctors/kardiolog?gender=f&speaks=uz", "/doctors/kardiolog?sort=earliest"} {
		p := sitetest.Get(t, s.URL+path)
		if p.Resp.StatusCode != 200 {
			t.Errorf("%s: status %d", path, p.Resp.StatusCode)
			continue
		}
		if !noindex(p) {
			t.Errorf("%s: indexable, want noindex", path)
		}
		if got := canonical(p); !strings.HasSuffix(got, path) {
			t.Errorf("%s: canonical %q, want itself", path, got)
		}
	}
	for _, test := range []struct{ path, want string }{
		{"/doctors/kardiolog?free=yesterday", "Неверный запрос"},
		{"/doctors/kardiolog?gender=x", "Неверный запрос"},
		{"/uz/doctors/kardiolog?speaks=de", "Noto'g'ri so'rov"},
		{"/uz/doctors/kardiolog/deti?price_from=9&price_to=1", "Noto'g'ri so'rov"},
		{"/doctors/kardiolog?rating=3", "Неверный запрос"},
	} {
		p := sitetest.Get(t, s.URL+test.path)
		if p.Resp.StatusCode != 400 || !strings.Contains(sitetest.Text(p.Doc), test.want) {
			t.Errorf("%s: status %d, want 400 saying %q", test.path, p.Resp.StatusCode, test.want)
		}
	}
}
