package site_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/cache/redistest"
	"sogliq/server/database/dbtest"
	"sogliq/server/role"
	"sogliq/server/site/sitetest"
)

// call sends method path with body (JSON, or none when empty) as the
// user of cookies, with extra headers; it returns the status and body.
func call(t *testing.T, method, u, cookies, body string, headers ...string) (int, string) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, u, r)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if cookies != "" {
		req.Header.Set("Cookie", cookies)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	checkAPI(t, method, u, resp, raw)
	return resp.StatusCode, string(raw)
}

// editorUsers signs in one user per role and grants the roles.
func editorUsers(t *testing.T, s *sitetest.Site, sms *smstest.Gateway, prefix string) map[string]string {
	t.Helper()
	users := map[string]string{"anonymous": ""}
	roles := role.NewStore(s.DB)
	var clinic string
	if err := s.DB.Get(&clinic, `SELECT slug FROM clinics ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"user", "staff", "editor", "admin"} {
		phone := fmt.Sprintf("+998 90 %s-00-%02d", prefix, i+1)
		users[name], _ = signIn(t, s, sms, phone)
		p, _ := account.ParsePhone(phone)
		var err error
		switch name {
		case "staff":
			err = roles.Grant(context.Background(), p, role.Staff, clinic)
		case "editor":
			err = roles.Grant(context.Background(), p, role.Editor, "")
		case "admin":
			err = roles.Grant(context.Background(), p, role.Admin, "")
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return users
}

// doctorForEdit is a doctor with its slug and its first specialty, and a
// specialty it does not have.
type doctorForEdit struct {
	ID                 int64
	Slug               string
	Specialty, Other   int64
	OtherSlug, OldSpec string
}

func pickDoctor(t *testing.T, s *sitetest.Site) doctorForEdit {
	t.Helper()
	var d doctorForEdit
	err := s.DB.QueryRow(`
		SELECT d.id, d.slug, ds.specialty_id, s.slug
		FROM doctors d
		JOIN doctor_specialties ds ON ds.doctor_id = d.id
		JOIN specialties s ON s.id = ds.specialty_id
		WHERE d.region_id = (SELECT id FROM regions WHERE slug = 'tashkent')
		ORDER BY d.popularity DESC, d.id
		LIMIT 1`).Scan(&d.ID, &d.Slug, &d.Specialty, &d.OldSpec)
	if err != nil {
		t.Fatal(err)
	}
	err = s.DB.QueryRow(`
		SELECT id, slug
		FROM specialties
		WHERE id NOT IN (SELECT specialty_id FROM doctor_specialties WHERE doctor_id = $1)
		ORDER BY id
		LIMIT 1`, d.ID).Scan(&d.Other, &d.OtherSlug)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// draftBody is a doctor's draft: its current values with a new biography
// in both languages, the other specialty and the slug given.
func draftBody(t *testing.T, s *sitetest.Site, cookies string, d doctorForEdit, bioRu, bioUz, slug string) string {
	t.Helper()
	st, body := call(t, "GET", fmt.Sprintf("%s/api/editor/doctor/%d", s.URL, d.ID), cookies, "")
	if st != 200 {
		t.Fatalf("form: %d %s", st, body)
	}
	var form struct {
		Data struct {
			Values map[string]map[string]any `json:"values"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &form); err != nil {
		t.Fatal(err)
	}
	v := form.Data.Values
	v["biography"] = map[string]any{"ru": bioRu, "uz": bioUz}
	v["specialties"] = map[string]any{"ids": []int64{d.Other}}
	v["slug"] = map[string]any{"text": slug}
	b, _ := json.Marshal(v)
	return string(b)
}

// TestEditorRoles walks every editing endpoint with every role: the exact
// status, and the cross-site refusal of every change.
func TestEditorRoles(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	users := editorUsers(t, s, sms, "710")
	d := pickDoctor(t, s)
	doc := fmt.Sprintf("/api/editor/doctor/%d", d.ID)
	valid := draftBody(t, s, users["editor"], d, "<p>Новая биография</p>", "<p>Yangi tarjimai hol</p>", d.Slug)
	type want map[string]int
	for _, test := range []struct {
		method, path, body string
		// change: refused cross-site.
		change bool
		want   want
	}{
		{"GET", "/api/editor/doctor?q=а", "", false, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 200, "admin": 200}},
		{"GET", doc, "", false, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 200, "admin": 200}},
		{"GET", "/api/editor/slug?kind=doctor&name=Иван%20Петров", "", false, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 200, "admin": 200}},
		{"PUT", doc + "/draft", valid, true, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 200, "admin": 200}},
		{"POST", doc + "/restore/999999", "", true, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 404, "admin": 404}},
		{"DELETE", doc + "/draft", "", true, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 204, "admin": 404}},
		{"POST", doc + "/publish", "", true, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 404, "admin": 404}},
		{"GET", "/api/editor/redirects/redirects", "", false, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 200, "admin": 200}},
		{"PUT", "/api/editor/redirects/rules", `{"source":"/roles-test-old","target":"/doctors"}`, true, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 204, "admin": 204}},
		{"DELETE", "/api/editor/redirects/rules?source=/nothing-here", "", true, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 404, "admin": 404}},
		{"POST", "/api/editor/images?use=doctor", "", true, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 415, "admin": 415}},
		{"POST", "/api/editor/faq", "", true, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 201, "admin": 201}},
		{"DELETE", "/api/editor/faq/999999", "", true, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 404, "admin": 404}},
		{"POST", "/api/editor/roles", `{"phone":"+998907109999","role":"editor"}`, true, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 403, "admin": 200}},
		{"DELETE", "/api/editor/roles", `{"phone":"+998907109999","role":"editor"}`, true, want{"anonymous": 401, "user": 403, "staff": 403, "editor": 403, "admin": 200}},
	} {
		for _, who := range []string{"anonymous", "user", "staff", "editor", "admin"} {
			t.Run(test.method+" "+test.path+" as "+who, func(t *testing.T) {
				if test.change && users[who] != "" {
					st, body := call(t, test.method, s.URL+test.path+"?lang=uz", users[who], test.body, "Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example")
					if st != 403 || !strings.Contains(body, "error") {
						t.Errorf("cross-site: %d %s, want 403", st, body)
					}
				}
				st, body := call(t, test.method, s.URL+test.path, users[who], test.body)
				if st != test.want[who] {
					t.Errorf("%d %s, want %d", st, body, test.want[who])
				}
			})
		}
	}
	// The grant and the revoke are in the audit log, with the admin.
	var n int
	if err := s.DB.Get(&n, `SELECT count(*) FROM editorial_audit WHERE action IN ('role.grant', 'role.revoke') AND actor_id IS NOT NULL`); err != nil || n != 2 {
		t.Errorf("audit rows of role changes: %d, %v; want 2", n, err)
	}
}

// TestEditorDraftPreviewPublish: a saved draft changes nothing a visitor,
// the search index or a sitemap sees; the signed preview shows it to
// editors only; publishing is refused while a required field is empty,
// then expires the cached pages (the next answer a MISS with the new
// text), moves the doctor to the new specialty's listing, feeds the
// suggestions and keeps the old slug as a 301; the history holds the diff,
// and restore brings the old values back as a new draft.
func TestEditorDraftPreviewPublish(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	users := editorUsers(t, s, sms, "720")
	editor := users["editor"]
	d := pickDoctor(t, s)
	const bioRu, bioUz = "Ведёт приём по методике Кулибабы-Эрдоса", "Kulibaba-Erdos usuli boʻyicha qabul qiladi"
	newSlug := d.Slug + "-novyy"
	page := s.URL + "/doctor/" + d.Slug
	if p := sitetest.Get(t, page); p.Resp.StatusCode != 200 {
		t.Fatalf("doctor page: %d", p.Resp.StatusCode)
	}
	if p := sitetest.Get(t, page); p.Resp.Header.Get("X-Cache") != "HIT" {
		t.Fatalf("second visit X-Cache %q, want HIT", p.Resp.Header.Get("X-Cache"))
	}

	// A field in a wrong form: 422 with the field's message in Uzbek.
	bad := draftBody(t, s, editor, d, "<p>x</p>", "<p>y</p>", "Bad Slug")
	if st, body := call(t, "PUT", fmt.Sprintf("%s/api/editor/doctor/%d/draft?lang=uz", s.URL, d.ID), editor, bad); st != 422 || !strings.Contains(body, `"slug":"Faqat lotin`) {
		t.Errorf("bad slug: %d %s", st, body)
	}
	// The draft without the Uzbek biography: saved, but publishing is refused.
	partial := draftBody(t, s, editor, d, "<p>"+bioRu+"</p>", "  ", newSlug)
	if st, body := call(t, "PUT", fmt.Sprintf("%s/api/editor/doctor/%d/draft", s.URL, d.ID), editor, partial); st != 200 {
		t.Fatalf("draft: %d %s", st, body)
	}
	if st, body := call(t, "POST", fmt.Sprintf("%s/api/editor/doctor/%d/publish", s.URL, d.ID), editor, ""); st != 422 || !strings.Contains(body, "Биография (узб.)") {
		t.Errorf("publish without the Uzbek biography: %d %s", st, body)
	}
	st, body := call(t, "PUT", fmt.Sprintf("%s/api/editor/doctor/%d/draft", s.URL, d.ID), editor, draftBody(t, s, editor, d, "<p>"+bioRu+"</p>", "<p>"+bioUz+"</p>", newSlug))
	if st != 200 {
		t.Fatalf("draft: %d %s", st, body)
	}
	var form struct {
		Data struct {
			Preview map[string]string `json:"preview"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &form); err != nil || form.Data.Preview["uz"] == "" {
		t.Fatalf("no preview links: %v %s", err, body)
	}

	// The draft reaches no visitor, no index, no sitemap.
	for _, path := range []string{"/doctor/" + d.Slug, "/uz/doctor/" + d.Slug, "/doctors/" + d.OtherSlug} {
		p := sitetest.Get(t, s.URL+path)
		if strings.Contains(p.Body, bioRu) || strings.Contains(p.Body, bioUz) {
			t.Errorf("%s shows the draft", path)
		}
	}
	if p := sitetest.Get(t, s.URL+"/doctor/"+newSlug); p.Resp.StatusCode != 404 {
		t.Errorf("the draft's slug answers %d, want 404", p.Resp.StatusCode)
	}
	if p := sitetest.Get(t, s.URL+"/doctors/"+d.OtherSlug); strings.Contains(p.Body, "/doctor/"+d.Slug+`"`) {
		t.Errorf("the new specialty lists the doctor before publishing")
	}
	suggest := func(q string) string {
		_, b := call(t, "GET", s.URL+"/api/suggest?"+url.Values{"q": {q}, "lang": {"ru"}}.Encode(), "", "")
		return b
	}
	var fullName string
	if err := s.DB.Get(&fullName, `SELECT full_name_ru FROM doctors WHERE id = $1`, d.ID); err != nil {
		t.Fatal(err)
	}
	var inIndex int
	if err := s.DB.Get(&inIndex, `SELECT count(*) FROM search_terms WHERE entity_type = 'doctor' AND entity_id = $1 AND slug = $2`, d.ID, newSlug); err != nil || inIndex != 0 {
		t.Errorf("search index rows with the draft's slug: %d, %v", inIndex, err)
	}
	if b := suggest(fullName); strings.Contains(b, newSlug) {
		t.Errorf("a suggestion leads to the draft's slug: %s", b)
	}
	doctorsSitemap := func() string {
		_, b := call(t, "GET", s.URL+"/sitemaps/doctors-1.xml", "", "")
		return b
	}
	if strings.Contains(doctorsSitemap(), newSlug) {
		t.Error("a sitemap lists the draft's slug")
	}

	// The preview: the draft in Uzbek, noindex, bannered, uncached; for
	// editors holding a signed link only.
	preview := s.URL + form.Data.Preview["uz"]
	for _, test := range []struct {
		name, cookie, url string
		status            int
	}{
		{"editor", editor, preview, 200},
		{"admin", users["admin"], preview, 200},
		{"anonymous", "", preview, 401},
		{"patient", users["user"], preview, 403},
		{"staff", users["staff"], preview, 403},
		{"forged signature", editor, strings.Replace(preview, "sig=", "sig=00", 1), 403},
		{"expired", editor, strings.Replace(preview, "exp=", "exp=1", 1), 403},
	} {
		t.Run("preview as "+test.name, func(t *testing.T) {
			p := sitetest.Get(t, test.url, "Cookie", test.cookie)
			if p.Resp.StatusCode != test.status {
				t.Fatalf("%d, want %d", p.Resp.StatusCode, test.status)
			}
			if cc := p.Resp.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
				t.Errorf("Cache-Control %q", cc)
			}
			if test.status != 200 {
				return
			}
			if !strings.Contains(p.Body, bioUz) || sitetest.Text(p.One(t, "[data-preview]")) == "" {
				t.Errorf("the preview lacks the draft or the banner")
			}
			if got := sitetest.Attr(p.One(t, `meta[name="robots"]`), "content"); !strings.Contains(got, "noindex") {
				t.Errorf("robots %q", got)
			}
			if p.Resp.Header.Get("X-Cache") != "" {
				t.Errorf("the preview went through the page cache")
			}
		})
	}
	// The preview's transaction was rolled back: the table is unchanged.
	var bio string
	if err := s.DB.Get(&bio, `SELECT description_uz FROM doctors WHERE id = $1`, d.ID); err != nil || strings.Contains(bio, bioUz) {
		t.Fatalf("after the preview the row holds %q, %v", bio, err)
	}

	// Publish: the next visit is a MISS with the new text, under the new slug.
	if st, body := call(t, "POST", fmt.Sprintf("%s/api/editor/doctor/%d/publish", s.URL, d.ID), editor, ""); st != 200 {
		t.Fatalf("publish: %d %s", st, body)
	}
	p := sitetest.Get(t, s.URL+"/uz/doctor/"+newSlug)
	if p.Resp.StatusCode != 200 || !strings.Contains(p.Body, bioUz) {
		t.Errorf("after publishing: %d, new text shown %v", p.Resp.StatusCode, strings.Contains(p.Body, bioUz))
	}
	if x := p.Resp.Header.Get("X-Cache"); x != "MISS" {
		t.Errorf("first answer after publishing: X-Cache %q, want MISS", x)
	}
	old := sitetest.Get(t, page)
	if old.Resp.StatusCode != 301 || old.Resp.Header.Get("Location") != "/doctor/"+newSlug {
		t.Errorf("old slug: %d → %q", old.Resp.StatusCode, old.Resp.Header.Get("Location"))
	}
	listing := sitetest.Get(t, s.URL+"/doctors/"+d.OtherSlug)
	if !strings.Contains(listing.Body, "/doctor/"+newSlug) {
		t.Errorf("the new specialty does not list the doctor (X-Cache %s)", listing.Resp.Header.Get("X-Cache"))
	}
	if b := suggest(fullName); !strings.Contains(b, newSlug) {
		t.Errorf("the suggestion does not lead to the new slug: %s", b)
	}
	if !strings.Contains(doctorsSitemap(), newSlug) {
		t.Error("the sitemap does not list the new slug")
	}

	// The history: who, when, the diff; restore is a new draft with the old values.
	st, body = call(t, "GET", fmt.Sprintf("%s/api/editor/doctor/%d", s.URL, d.ID), editor, "")
	var hist struct {
		Data struct {
			Revisions []struct {
				ID      int64  `json:"id"`
				State   string `json:"state"`
				Changes []struct {
					Field, Lang, From, To string
				} `json:"changes"`
			} `json:"revisions"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &hist); err != nil || st != 200 || len(hist.Data.Revisions) != 1 {
		t.Fatalf("history: %d %v %s", st, err, body)
	}
	rev := hist.Data.Revisions[0]
	fields := map[string]bool{}
	for _, c := range rev.Changes {
		fields[c.Field+"."+c.Lang] = true
	}
	for _, f := range []string{"biography.ru", "biography.uz", "slug.", "specialties."} {
		if !fields[f] {
			t.Errorf("the diff lacks %s: %+v", f, rev.Changes)
		}
	}
	if st, body := call(t, "POST", fmt.Sprintf("%s/api/editor/doctor/%d/restore/%d", s.URL, d.ID, rev.ID), editor, ""); st != 200 || !strings.Contains(body, bioUz) {
		t.Errorf("restore: %d", st)
	}
	var audits int
	if err := s.DB.Get(&audits, `SELECT count(*) FROM editorial_audit WHERE action = 'publish'`); err != nil || audits != 1 {
		t.Errorf("publish audit rows: %d %v", audits, err)
	}
}

// TestEditorPublishPurgesEveryInstance: two servers on one database and
// one Redis; a publication on one expires the page the other holds in its
// in-process cache.
func TestEditorPublishPurgesEveryInstance(t *testing.T) {
	rdb := redistest.Start(t)
	sms := smstest.Start(t)
	db := dbtest.NewSeeded(t)
	a := sitetest.StartWithDB(t, db, sitetest.Options{Redis: rdb.Client(), SMS: &account.HTTPSender{URL: sms.URL}})
	b := sitetest.StartWithDB(t, db, sitetest.Options{Redis: rdb.Client(), SMS: &account.HTTPSender{URL: sms.URL}})
	editor, _ := signIn(t, a, sms, "+998 90 730-00-01")
	if err := role.NewStore(db).Grant(context.Background(), "998907300001", role.Editor, ""); err != nil {
		t.Fatal(err)
	}
	d := pickDoctor(t, a)
	page := b.URL + "/doctor/" + d.Slug
	sitetest.Get(t, page)
	if p := sitetest.Get(t, page); p.Resp.Header.Get("X-Cache") != "HIT" {
		t.Fatalf("b's second visit: %q, want HIT", p.Resp.Header.Get("X-Cache"))
	}
	const bio = "Опубликовано на другом сервере"
	if st, body := call(t, "PUT", fmt.Sprintf("%s/api/editor/doctor/%d/draft", a.URL, d.ID), editor, draftBody(t, a, editor, d, bio, "Boshqa serverda nashr qilingan", d.Slug)); st != 200 {
		t.Fatalf("draft: %d %s", st, body)
	}
	if st, body := call(t, "POST", fmt.Sprintf("%s/api/editor/doctor/%d/publish", a.URL, d.ID), editor, ""); st != 200 {
		t.Fatalf("publish: %d %s", st, body)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		p := sitetest.Get(t, page)
		if strings.Contains(p.Body, bio) {
			if x := p.Resp.Header.Get("X-Cache"); x != "MISS" {
				t.Errorf("b's first answer with the new text: X-Cache %q, want MISS", x)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("b still serves the old page (X-Cache %s)", p.Resp.Header.Get("X-Cache"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestEditorPage: /editor is private, never cached, noindex, in both
// languages; editors get the list and the form, admins the roles too,
// anyone else the explanation; nobody signed in is sent home.
func TestEditorPage(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	users := editorUsers(t, s, sms, "750")
	d := pickDoctor(t, s)
	form := fmt.Sprintf("/editor?kind=doctor&id=%d&q=", d.ID)
	for _, test := range []struct {
		name, path, who, h1 string
		form, roles, denied bool
	}{
		{"editor", form, "editor", "Редакция", true, false, false},
		{"editor, uz", "/uz" + form, "editor", "Tahririyat", true, false, false},
		{"admin", "/editor?kind=clinic&q=%D0%B0&drafts=1", "admin", "Редакция", false, true, false},
		{"staff", form, "staff", "Редакция", false, false, true},
		{"user", "/uz/editor", "user", "Tahririyat", false, false, true},
	} {
		t.Run(test.name, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path, "Cookie", users[test.who])
			if p.Resp.StatusCode != 200 {
				t.Fatalf("%d", p.Resp.StatusCode)
			}
			if cc := p.Resp.Header.Get("Cache-Control"); cc != "private, no-store" || p.Resp.Header.Get("X-Cache") != "" {
				t.Errorf("Cache-Control %q, X-Cache %q", cc, p.Resp.Header.Get("X-Cache"))
			}
			if got := sitetest.Attr(p.One(t, `meta[name="robots"]`), "content"); !strings.Contains(got, "noindex") {
				t.Errorf("robots %q", got)
			}
			if got := sitetest.Text(p.One(t, "main h1")); got != test.h1 {
				t.Errorf("h1 %q, want %q", got, test.h1)
			}
			checks := []struct {
				sel  string
				want bool
			}{
				{`[data-island="EditorForm"] textarea[name="biography.uz"]`, test.form},
				{`[data-island="EditorRoles"]`, test.roles},
				{".editor__denied", test.denied},
			}
			for _, c := range checks {
				if got := len(p.All(t, c.sel)) > 0; got != c.want {
					t.Errorf("%s present: %v, want %v", c.sel, got, c.want)
				}
			}
		})
	}
	if p := sitetest.Get(t, s.URL+"/editor"); p.Resp.StatusCode != 302 {
		t.Errorf("nobody: %d", p.Resp.StatusCode)
	}
}

// TestEditorScheduledPublish: a draft scheduled for a time is published
// then by the job queue (cache expired as by hand); a time in the past is
// refused with the field's message; editing a scheduled draft makes it a
// draft again, and its job then does nothing.
func TestEditorScheduledPublish(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	users := editorUsers(t, s, sms, "760")
	editor := users["editor"]
	d := pickDoctor(t, s)
	doc := fmt.Sprintf("%s/api/editor/doctor/%d", s.URL, d.ID)
	const bio = "Запланированная биография"
	if st, body := call(t, "PUT", doc+"/draft", editor, draftBody(t, s, editor, d, bio, "Rejalashtirilgan", d.Slug)); st != 200 {
		t.Fatalf("draft: %d %s", st, body)
	}
	if st, body := call(t, "POST", doc+"/publish?lang=uz", editor, `{"at":"2020-01-01T10:00:00+05:00"}`); st != 422 || !strings.Contains(body, `"at":"Kelajakdagi`) {
		t.Errorf("a time in the past: %d %s", st, body)
	}
	page := s.URL + "/doctor/" + d.Slug
	sitetest.Get(t, page)
	at := time.Now().Add(2 * time.Second).Format(time.RFC3339)
	if st, body := call(t, "POST", doc+"/publish", editor, `{"at":"`+at+`"}`); st != 200 {
		t.Fatalf("schedule: %d %s", st, body)
	}
	if p := sitetest.Get(t, page); strings.Contains(p.Body, bio) {
		t.Fatal("published before its time")
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		p := sitetest.Get(t, page)
		if strings.Contains(p.Body, bio) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not published 30 s after its time (X-Cache %s)", p.Resp.Header.Get("X-Cache"))
		}
		time.Sleep(200 * time.Millisecond)
	}
	var state string
	if err := s.DB.Get(&state, `SELECT state FROM editorial_revisions WHERE kind = 'doctor' AND entity_id = $1 ORDER BY id DESC LIMIT 1`, d.ID); err != nil || state != "published" {
		t.Errorf("revision state %q, %v", state, err)
	}

	// Scheduled, then edited: the job finds a draft and leaves it. RFC
	// 3339 here drops the fraction, so +1 s could be in the past by the
	// time the draft below is saved on a busy machine (a 422 in CI).
	at = time.Now().Add(3 * time.Second).Format(time.RFC3339)
	if st, body := call(t, "PUT", doc+"/draft", editor, draftBody(t, s, editor, d, "Первая правка", "Birinchi", d.Slug)); st != 200 {
		t.Fatalf("draft: %d %s", st, body)
	}
	if st, body := call(t, "POST", doc+"/publish", editor, `{"at":"`+at+`"}`); st != 200 {
		t.Fatalf("schedule: %d %s", st, body)
	}
	if st, body := call(t, "PUT", doc+"/draft", editor, draftBody(t, s, editor, d, "Вторая правка", "Ikkinchi", d.Slug)); st != 200 {
		t.Fatalf("draft: %d %s", st, body)
	}
	deadline = time.Now().Add(30 * time.Second)
	for {
		var done int
		if err := s.DB.Get(&done, `SELECT count(*) FROM river_job WHERE kind = 'editorial_publish' AND state = 'completed'`); err != nil {
			t.Fatal(err)
		}
		if done == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the second job did not run: %d completed", done)
		}
		time.Sleep(200 * time.Millisecond)
	}
	var live string
	if err := s.DB.Get(&live, `SELECT description_ru FROM doctors WHERE id = $1`, d.ID); err != nil || live != bio {
		t.Errorf("after the stale job the row holds %q, %v; want the first publication", live, err)
	}
}

// TestEditorKeepsAShortSeededSlug: the seeded diagnostic "kt" is shorter
// than a new slug may be; the editor opens it, saves a draft keeping the
// slug and publishes it, and the page stays at /diagnostika/kt. A new slug
// that short is still refused.
func TestEditorKeepsAShortSeededSlug(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	editor := editorUsers(t, s, sms, "751")["editor"]
	var id int64
	if err := s.DB.Get(&id, `SELECT id FROM services WHERE kind = 'diagnostic' AND slug = 'kt'`); err != nil {
		t.Fatalf("no seeded diagnostic kt: %v", err)
	}
	api := fmt.Sprintf("%s/api/editor/diagnostic/%d", s.URL, id)
	st, body := call(t, "GET", api, editor, "")
	if st != 200 || !strings.Contains(body, `"liveSlug":"kt"`) {
		t.Fatalf("form: %d %s", st, body)
	}
	var form struct {
		Data struct {
			Values map[string]map[string]any `json:"values"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &form); err != nil {
		t.Fatal(err)
	}
	v := form.Data.Values
	v["description"] = map[string]any{"ru": "Компьютерная томография.", "uz": "Kompyuter tomografiyasi."}
	kept, _ := json.Marshal(v)
	if st, body := call(t, "PUT", api+"/draft", editor, string(kept)); st != 200 {
		t.Fatalf("a draft keeping the slug kt: %d %s", st, body)
	}
	if st, body := call(t, "POST", api+"/publish", editor, ""); st != 200 {
		t.Fatalf("publish: %d %s", st, body)
	}
	if p := sitetest.Get(t, s.URL+"/diagnostika/kt"); p.Resp.StatusCode != 200 {
		t.Errorf("/diagnostika/kt answers %d after publishing", p.Resp.StatusCode)
	}
	v["slug"] = map[string]any{"text": "kx"}
	moved, _ := json.Marshal(v)
	if st, body := call(t, "PUT", api+"/draft?lang=uz", editor, string(moved)); st != 422 || !strings.Contains(body, `"slug":"Kamida 3 belgi."`) {
		t.Errorf("a new two-letter slug: %d %s", st, body)
	}
}
