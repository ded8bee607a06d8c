package site_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/andybalholm/cascadia"
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
	for _, want := range []string{"/doctors/kardiolog?free=today", "/doctors/kardiolog?gender=f", "/doctors/kardiolog?speaks=en", "/doctors/kardiolog?rating=4", "/doctors/kardiolog?price_to=150000", "/doctors/kardiolog?price_from=250000", "/doctors/kardiolog?free=week", "/doctors/kardiolog?gender=m", "/doctors/kardiolog?online=1"} {
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

// TestOnlineFilter: ?online=1 lists only doctors with an active online
// visit type, each card with its "Онлайн" badge; the plain listing badges
// those doctors and no other, as does such a doctor's page; a value it
// does not know is a 400.
func TestOnlineFilter(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	cards := func(p sitetest.Page) (slugs []string, badged map[string]bool) {
		t.Helper()
		badged = map[string]bool{}
		for _, card := range p.All(t, "article.doctor-summary") {
			slug := strings.TrimPrefix(strings.TrimPrefix(sitetest.Attr(cascadia.MustCompile("h2 a").MatchFirst(card), "href"), "/uz"), "/doctor/")
			slugs = append(slugs, slug)
			if cascadia.MustCompile(".doctor-summary__online[data-online]").MatchFirst(card) != nil {
				badged[slug] = true
			}
		}
		return slugs, badged
	}
	var online []string
	if err := s.DB.Select(&online, `
		SELECT d.slug
		FROM doctors d
		WHERE EXISTS (SELECT 1 FROM visit_types vt WHERE vt.doctor_id = d.id AND vt.active AND vt.online)`); err != nil {
		t.Fatal(err)
	}
	if len(online) == 0 {
		t.Fatal("the seed has no doctor with an online visit type")
	}
	filtered := sitetest.Get(t, s.URL+"/doctors/kardiolog?online=1")
	if filtered.Resp.StatusCode != 200 {
		t.Fatalf("?online=1: status %d", filtered.Resp.StatusCode)
	}
	slugs, badged := cards(filtered)
	if len(slugs) == 0 {
		t.Fatal("?online=1 lists no cardiologist")
	}
	for _, slug := range slugs {
		if !slices.Contains(online, slug) || !badged[slug] {
			t.Errorf("?online=1 lists %s (online %v, badge %v)", slug, slices.Contains(online, slug), badged[slug])
		}
	}
	if on := filtered.One(t, `.doctor-list__filters a[aria-current="true"]`); sitetest.Attr(on, "href") != "/doctors/kardiolog" || !strings.Contains(sitetest.Text(on), "Онлайн-консультация") {
		t.Errorf("the chip in force: %q %q", sitetest.Attr(on, "href"), sitetest.Text(on))
	}
	plain := sitetest.Get(t, s.URL+"/uz/doctors/kardiolog")
	slugs, badged = cards(plain)
	for _, slug := range slugs {
		if badged[slug] != slices.Contains(online, slug) {
			t.Errorf("%s: badge %v, online %v", slug, badged[slug], slices.Contains(online, slug))
		}
	}
	if b := plain.All(t, ".doctor-summary__online"); len(b) > 0 && strings.TrimSpace(sitetest.Text(b[0])) != "Onlayn" {
		t.Errorf("the Uzbek badge says %q", sitetest.Text(b[0]))
	}
	doctor := sitetest.Get(t, s.URL+"/doctor/"+online[0])
	if badge := doctor.All(t, ".doctor__online[data-online]"); len(badge) != 1 || strings.TrimSpace(sitetest.Text(badge[0])) != "Онлайн-консультация" {
		t.Errorf("the page of %s has %d online badges", online[0], len(badge))
	}
	if p := sitetest.Get(t, s.URL+"/doctors/kardiolog?online=yes"); p.Resp.StatusCode != 400 {
		t.Errorf("?online=yes: status %d", p.Resp.StatusCode)
	}
}

// TestDoctorListPageLinks: a listing's pagination links carry the page
// after the filters and before the order, as every other link of the
// listing, and name the page they lead to; page 1 has no query.
func TestDoctorListPageLinks(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct{ path, next, label string }{
		{"/doctors/terapevt", "/doctors/terapevt?page=2", "Страница 2"},
		{"/uz/doctors/terapevt", "/uz/doctors/terapevt?page=2", "2-sahifa"},
		{"/doctors/terapevt?sort=rating", "/doctors/terapevt?page=2&sort=rating", "Страница 2"},
		{"/doctors/terapevt?page=2", "/doctors/terapevt?page=3", "Страница 3"},
	} {
		p := sitetest.Get(t, s.URL+test.path)
		if p.Resp.StatusCode != 200 {
			t.Errorf("%s: status %d", test.path, p.Resp.StatusCode)
			continue
		}
		if got := sitetest.Attr(p.One(t, `nav.pagination a[rel="next"]`), "href"); got != test.next {
			t.Errorf("%s: next page %q, want %q", test.path, got, test.next)
		}
		var labels []string
		for _, a := range p.All(t, `nav.pagination a[aria-label]`) {
			labels = append(labels, sitetest.Attr(a, "aria-label"))
		}
		if !slices.Contains(labels, test.label) {
			t.Errorf("%s: no page link named %q among %q", test.path, test.label, labels)
		}
		if strings.HasSuffix(test.path, "page=2") {
			if got := sitetest.Attr(p.One(t, `nav.pagination a[rel="prev"]`), "href"); strings.Contains(got, "page=") {
				t.Errorf("%s: the previous page, the first, links to %q, want no page in the query", test.path, got)
			}
		}
	}
}
