package site_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"sogliq/server/account/accounttest"
	"sogliq/server/role"
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
	resp, err := apiGet(t, s.URL+"/api/suggest?q="+url.QueryEscape(name))
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

	// The editor's list tells them apart the same way.
	const phone = "998907300055"
	if err := role.NewStore(s.DB).Grant(context.Background(), phone, role.Editor, ""); err != nil {
		t.Fatal(err)
	}
	var editor int64
	if err := s.DB.Get(&editor, `SELECT id FROM users WHERE phone = $1`, phone); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("GET", s.URL+"/api/editor/doctor?q="+url.QueryEscape(name), nil)
	req.Header.Set("Cookie", "token="+accounttest.SignIn(t, s.DB, editor, time.Now()))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var list struct {
		Data []struct {
			Title  string `json:"title"`
			Detail string `json:"detail"`
		} `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	details := map[string]bool{}
	for _, it := range list.Data {
		if it.Title == name {
			details[it.Detail] = true
		}
	}
	if len(details) < 2 {
		t.Errorf("the editor's list shows %s alike: %+v", name, list.Data)
	}
}

// TestHistoryFilesVisitsByTime: /history files a visit cancelled before
// its time among the upcoming ones (not "past"), says the clinic
// confirmed a visit, tells a visit inside the cancel cut-off whom to call
// (the clinic's phone) instead of just losing its buttons, and offers
// "book again" on a cancelled visit but not on one still to come (issue
// 34 item 5).
func TestHistoryFilesVisitsByTime(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	now := time.Now()
	var user int64
	if err := s.DB.Get(&user, `INSERT INTO users (phone, first_name, last_name, registered_at) VALUES ('998907300077', 'Лола', 'Каримова', now()) RETURNING id`); err != nil {
		t.Fatal(err)
	}
	soon := now.Add(37 * time.Minute).Truncate(time.Minute)
	var dc struct {
		Doctor int64  `db:"doctor_id"`
		Clinic int64  `db:"clinic_id"`
		Phone  string `db:"phone"`
	}
	const free = `
		SELECT dc.doctor_id, dc.clinic_id, c.phone
		FROM doctor_clinics dc
		JOIN clinics c ON c.id = dc.clinic_id
		WHERE c.phone <> ''
		  AND NOT EXISTS (
			SELECT 1
			FROM appointments a
			WHERE a.doctor_id = dc.doctor_id
			  AND a.live
			  AND a.during && tstzrange($1::timestamptz, $2::timestamptz + interval '2 days'))
		ORDER BY dc.doctor_id, dc.clinic_id
		LIMIT 1`
	if err := s.DB.Get(&dc, free, soon, soon); err != nil {
		t.Fatal(err)
	}
	visit := func(start time.Time, status, cancelledBy string, confirmed bool) int64 {
		var id int64
		var by any
		if cancelledBy != "" {
			by = cancelledBy
		}
		var conf any
		if confirmed {
			conf = now
		}
		err := s.DB.Get(&id, `INSERT INTO appointments (doctor_id, clinic_id, during, status, cancelled_by, confirmed_at, expires_at, user_id, price, patient_self, patient_name, patient_key, booked_at, created_at, updated_at)
			VALUES ($1, $2, tstzrange($3, $4), $5, $6, $7, $3, $8, 100000, true, 'Лола Каримова', 'self', $9, $9, $9) RETURNING id`,
			dc.Doctor, dc.Clinic, start, start.Add(15*time.Minute), status, by, conf, user, now)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	inside := visit(soon, "booked", "", true)
	cancelled := visit(soon.Add(26*time.Hour), "cancelled", "patient", false)
	cookie := "token=" + accounttest.SignIn(t, s.DB, user, now)

	p := sitetest.Get(t, s.URL+"/history", "Cookie", cookie)
	card := func(id int64) string {
		return fmt.Sprintf(`.history__list--upcoming .booking-card[data-booking="%d"]`, id)
	}
	if len(p.All(t, card(cancelled))) != 1 {
		t.Errorf("the visit cancelled before its time is not among the upcoming ones")
	}
	if len(p.All(t, fmt.Sprintf(`.history__list--past .booking-card[data-booking="%d"]`, cancelled))) != 0 {
		t.Errorf("the visit cancelled before its time is filed as past")
	}
	if got := strings.TrimSpace(sitetest.Text(p.One(t, card(inside)+" .booking-card__confirmed"))); !strings.Contains(got, "Клиника подтвердила запись") {
		t.Errorf("confirmed: %q", got)
	}
	phone := p.One(t, card(inside)+" .booking-card__phone-only a")
	if attr(phone, "href") != "tel:"+strings.Map(func(r rune) rune {
		if r == '+' || (r >= '0' && r <= '9') {
			return r
		}
		return -1
	}, dc.Phone) {
		t.Errorf("inside the cut-off, the clinic's phone: %q for %q", attr(phone, "href"), dc.Phone)
	}
	again := func(id int64) int {
		n := 0
		for _, a := range p.All(t, card(id)+" .booking-card__links a") {
			if strings.TrimSpace(sitetest.Text(a)) == "Записаться снова" {
				n++
			}
		}
		return n
	}
	if again(inside) != 0 || again(cancelled) != 1 {
		t.Errorf("'book again': %d on the visit to come (want 0), %d on the cancelled one (want 1)", again(inside), again(cancelled))
	}
}

// TestPagesRevalidate: a cached page tells browsers to ask again each time
// (max-age=0, must-revalidate) and answers the ETag it sent with 304, so
// published text never stays old in a visitor's browser (issue 34 item 18).
func TestPagesRevalidate(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	p := sitetest.Get(t, s.URL+"/doctors")
	cc := p.Resp.Header.Get("Cache-Control")
	if !strings.HasPrefix(cc, "public, max-age=0, must-revalidate, s-maxage=") {
		t.Errorf("Cache-Control %q: a browser may keep the page without asking", cc)
	}
	etag := p.Resp.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	again := sitetest.Get(t, s.URL+"/doctors", "If-None-Match", etag)
	if again.Resp.StatusCode != 304 {
		t.Errorf("revalidating with the ETag: %d, want 304", again.Resp.StatusCode)
	}
}
