package site_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/cache/redistest"
	"sogliq/server/database/dbtest"
	"sogliq/server/site/sitetest"
)

// TestEditorRedirects: an editor sends the page of a doctor who has left
// on (301, served by this instance at once), moves the redirect, and
// removes it (the page is gone again: 404); paths that are not plain paths
// of the site, a redirect to itself, a cut-off one, a live doctor's page
// and one closing a cycle are refused beside their field, in the editor's
// language; the editor's page lists the table.
func TestEditorRedirects(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	editor := editorUsers(t, s, sms, "744")["editor"]
	api := s.URL + "/api/editor/redirects/redirects"
	var gone, live string
	if err := s.DB.Get(&gone, `DELETE FROM doctors WHERE id = (SELECT min(id) FROM doctors) RETURNING slug`); err != nil {
		t.Fatal(err)
	}
	if err := s.DB.Get(&live, `SELECT slug FROM doctors ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	source, target := "/doctor/"+gone, "/doctors"
	save := func(source, target, lang string) (int, string) {
		b, _ := json.Marshal(map[string]string{"source": source, "target": target})
		return call(t, "PUT", api+"?lang="+lang, editor, string(b))
	}
	hop := func(path string) (int, string) {
		t.Helper()
		return firstHop(t, s.URL+path)
	}

	if st, body := save(source, target, "ru"); st != 204 {
		t.Fatalf("save: %d %s", st, body)
	}
	if st, loc := hop(source); st != 301 || loc != target {
		t.Errorf("%s: %d → %q, want 301 → %s", source, st, loc, target)
	}
	if st, body := save(source, "/kliniki", "ru"); st != 204 {
		t.Fatalf("move: %d %s", st, body)
	}
	if st, loc := hop(source); st != 301 || loc != "/kliniki" {
		t.Errorf("after the move %s: %d → %q", source, st, loc)
	}
	if p := sitetest.Get(t, s.URL+"/editor?kind=redirects", "Cookie", editor); !strings.Contains(p.Body, source) {
		t.Error("the editor's page does not list the redirect")
	}
	// Another gone path leading to the first, for the cycle below.
	if st, body := save("/doctors/byvshaya", source, "ru"); st != 204 {
		t.Fatalf("a chain: %d %s", st, body)
	}

	for _, test := range []struct {
		name, source, target, lang string
		want                       map[string]string
	}{
		{"a full URL", "/old", "https://evil.example/", "ru", map[string]string{"target": "Путь сайта: начинается с «/», без домена, пробелов, «?» и «#»."}},
		{"no slash, in Uzbek", "old", "/doctors", "uz", map[string]string{"source": "Sayt yo'li: «/» bilan boshlanadi, domensiz, bo'shliq, «?» va «#» siz."}},
		{"to itself", "/doctors/old", "/doctors/old", "ru", map[string]string{"target": "Редирект не может вести на тот же путь."}},
		{"cut off", "/kardiolog", "/olog", "ru", map[string]string{"target": "Похоже на ошибку импорта: начало пути обрезано."}},
		{"a live page", "/doctor/" + live, "/doctors", "ru", map[string]string{"source": "По этому пути открывается страница сайта: редирект скрыл бы её. Перенаправить можно только путь, которого больше нет."}},
		{"a live page, in Uzbek", "/uz/doctor/" + live, "/uz/doctors", "uz", map[string]string{"source": "Bu yo'lda sayt sahifasi ochiladi: yo'naltirish uni yashirib qo'yadi. Faqat endi mavjud bo'lmagan yo'lni yo'naltirish mumkin."}},
		{"a cycle", source, "/doctors/byvshaya", "ru", map[string]string{"target": "С этим редиректом переходы замкнутся в круг."}},
	} {
		t.Run(test.name, func(t *testing.T) {
			st, body := save(test.source, test.target, test.lang)
			wantRefused(t, st, body, test.want)
		})
	}
	for _, path := range []string{"/doctor/" + live, "/uz/doctor/" + live} {
		if st, loc := hop(path); st != 200 {
			t.Errorf("%s after its refusal: %d → %q, want 200", path, st, loc)
		}
	}

	del := api + "?source=" + url.QueryEscape(source)
	if st, body := call(t, "DELETE", del, editor, ""); st != 204 {
		t.Fatalf("remove: %d %s", st, body)
	}
	if st, _ := hop(source); st != 404 {
		t.Errorf("%s after the removal: %d, want 404", source, st)
	}
	if st, _ := call(t, "DELETE", del, editor, ""); st != 404 {
		t.Errorf("removing it again: %d, want 404", st)
	}
	if st, _ := call(t, "GET", s.URL+"/api/editor/redirects/nosuch", editor, ""); st != 404 {
		t.Errorf("an unknown table: %d, want 404", st)
	}
	var audited int
	if err := s.DB.Get(&audited, `SELECT count(*) FROM editorial_audit WHERE action IN ('redirect.save', 'redirect.remove')`); err != nil || audited != 4 {
		t.Errorf("audit rows: %d (%v), want 4", audited, err)
	}
}

// TestEditorRedirectsEveryInstance: two servers on one database and one
// Redis; a redirect an editor saves on a is answered by b within a second
// (b's own reload comes only every minute), and so is its removal.
func TestEditorRedirectsEveryInstance(t *testing.T) {
	rdb := redistest.Start(t)
	sms := smstest.Start(t)
	db := dbtest.NewSeeded(t)
	a := sitetest.StartWithDB(t, db, sitetest.Options{Redis: rdb.Client(), SMS: &account.HTTPSender{URL: sms.URL}})
	b := sitetest.StartWithDB(t, db, sitetest.Options{Redis: rdb.Client(), SMS: &account.HTTPSender{URL: sms.URL}})
	editor := editorUsers(t, a, sms, "746")["editor"]
	var gone string
	if err := db.Get(&gone, `DELETE FROM doctors WHERE id = (SELECT min(id) FROM doctors) RETURNING slug`); err != nil {
		t.Fatal(err)
	}
	source, api := "/doctor/"+gone, a.URL+"/api/editor/redirects/redirects"
	if st, loc := firstHop(t, b.URL+source); st != 404 {
		t.Fatalf("b before the save: %d → %q, want 404", st, loc)
	}
	body, _ := json.Marshal(map[string]string{"source": source, "target": "/doctors"})
	if st, body := call(t, "PUT", api, editor, string(body)); st != 204 {
		t.Fatalf("save on a: %d %s", st, body)
	}
	answersWithinASecond(t, b.URL+source, 301, "/doctors", "b after the save on a")
	if st, body := call(t, "DELETE", api+"?source="+url.QueryEscape(source), editor, ""); st != 204 {
		t.Fatalf("remove on a: %d %s", st, body)
	}
	answersWithinASecond(t, b.URL+source, 404, "", "b after the removal on a")
}

// firstHop requests u without following a redirect and returns the status
// and the Location.
func firstHop(t *testing.T, u string) (int, string) {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Location")
}

// answersWithinASecond requests u until it answers status with Location
// loc, and fails the test when it still does not a second after the call.
func answersWithinASecond(t *testing.T, u string, status int, loc, who string) {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for {
		st, got := firstHop(t, u)
		if st == status && got == loc {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d → %q a second later, want %d → %q", who, st, got, status, loc)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
