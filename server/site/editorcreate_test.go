package site_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/site/sitetest"
)

// TestEditorCreateDelete: an editor creates a FAQ question. It stays off
// /faq while blank and while its draft is unpublished, shows in the
// preview, goes live on publication, and is gone (the page rendered anew,
// its history with it) once deleted. Kinds that cannot be created or
// deleted answer 404.
func TestEditorCreateDelete(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	editor := editorUsers(t, s, sms, "742")["editor"]
	faq := s.URL + "/faq"
	sitetest.Get(t, faq) // cached before the edit

	id := create(t, s, editor, "faq")
	api := fmt.Sprintf("%s/api/editor/faq/%d", s.URL, id)
	if st, body := call(t, "POST", api+"/publish", editor, ""); st != 404 {
		t.Errorf("publishing a question without a draft: %d %s, want 404", st, body)
	}
	const question, answer = "Можно ли прийти без записи в выходной день?", "Да, в дежурные клиники."
	values := formValues(t, api, editor)
	values["question"] = map[string]any{"ru": question, "uz": "Dam olish kuni yozuvsiz kelsa bo'ladimi?"}
	values["answer"] = map[string]any{"ru": answer, "uz": "Ha, navbatchi klinikalarga."}
	b, _ := json.Marshal(values)
	st, body := call(t, "PUT", api+"/draft", editor, string(b))
	if st != 200 {
		t.Fatalf("draft: %d %s", st, body)
	}
	previewThenPublish(t, s, api, editor, body, faq, question)
	if p := sitetest.Get(t, faq); !strings.Contains(p.Body, answer) {
		t.Error("/faq does not show the published answer")
	}

	if st, body := call(t, "DELETE", api, editor, ""); st != 204 {
		t.Fatalf("delete: %d %s", st, body)
	}
	if p := sitetest.Get(t, faq); strings.Contains(p.Body, question) || p.Resp.Header.Get("X-Cache") == "HIT" {
		t.Errorf("/faq after the deletion: question shown %v, X-Cache %q", strings.Contains(p.Body, question), p.Resp.Header.Get("X-Cache"))
	}
	if st, _ := call(t, "GET", api, editor, ""); st != 404 {
		t.Errorf("the deleted question's form: %d, want 404", st)
	}
	var left, audited int
	if err := s.DB.Get(&left, `SELECT count(*) FROM editorial_revisions WHERE kind = 'faq' AND entity_id = $1`, id); err != nil || left != 0 {
		t.Errorf("revisions left: %d (%v)", left, err)
	}
	if err := s.DB.Get(&audited, `SELECT count(*) FROM editorial_audit WHERE action IN ('create', 'delete') AND actor_id IS NOT NULL`); err != nil || audited != 2 {
		t.Errorf("audit rows of create and delete: %d (%v), want 2", audited, err)
	}
	if st, _ := call(t, "DELETE", api, editor, ""); st != 404 {
		t.Errorf("deleting it again: %d, want 404", st)
	}

	var doctor int64
	if err := s.DB.Get(&doctor, `SELECT id FROM doctors ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct{ method, path string }{
		{"POST", "/api/editor/doctor"},
		{"DELETE", fmt.Sprintf("/api/editor/doctor/%d", doctor)},
		{"POST", "/api/editor/nosuchkind"},
	} {
		if st, body := call(t, test.method, s.URL+test.path+"?lang=uz", editor, ""); st != 404 || !strings.Contains(body, "error") {
			t.Errorf("%s %s: %d %s, want 404", test.method, test.path, st, body)
		}
	}
}

// TestEditorCreatesANewsItem: a news item an editor creates is nowhere
// for visitors (list, its page, the sitemap) until it is published; its
// first publication dates it today and leaves no redirect from its
// placeholder address; deleted, its page is gone.
func TestEditorCreatesANewsItem(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	editor := editorUsers(t, s, sms, "747")["editor"]
	list := s.URL + "/news"
	sitetest.Get(t, list) // cached before the edit

	id := create(t, s, editor, "news")
	var placeholder string
	if err := s.DB.Get(&placeholder, `SELECT slug FROM posts WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if p := sitetest.Get(t, s.URL+"/news/"+placeholder); p.Resp.StatusCode != 404 {
		t.Errorf("the blank item's page: %d, want 404", p.Resp.StatusCode)
	}
	api := fmt.Sprintf("%s/api/editor/news/%d", s.URL, id)
	const title, slug = "Новое отделение детской кардиологии открылось в Ташкенте", "novoe-otdelenie-detskoy-kardiologii"
	values := formValues(t, api, editor)
	values["title"] = map[string]any{"ru": title, "uz": "Toshkentda bolalar kardiologiyasining yangi bo'limi ochildi"}
	values["slug"] = map[string]any{"text": slug}
	values["body"] = map[string]any{"ru": "<p>Отделение принимает детей с первого дня жизни.</p>", "uz": "<p>Bo'lim bolalarni hayotining birinchi kunidan qabul qiladi.</p>"}
	b, _ := json.Marshal(values)
	st, body := call(t, "PUT", api+"/draft", editor, string(b))
	if st != 200 {
		t.Fatalf("draft: %d %s", st, body)
	}
	page := s.URL + "/news/" + slug
	if p := sitetest.Get(t, page); p.Resp.StatusCode != 404 {
		t.Errorf("the drafted item's page before publication: %d, want 404", p.Resp.StatusCode)
	}
	if p := sitetest.Get(t, s.URL+"/sitemaps/content-1.xml"); strings.Contains(p.Body, slug) {
		t.Error("the content sitemap lists the unpublished item")
	}
	previewThenPublish(t, s, api, editor, body, list, title)
	if p := sitetest.Get(t, page); p.Resp.StatusCode != 200 || !strings.Contains(p.Body, "первого дня жизни") {
		t.Errorf("the published item's page: %d", p.Resp.StatusCode)
	}
	var today bool
	if err := s.DB.Get(&today, `SELECT published_on = (now() AT TIME ZONE 'Asia/Tashkent')::date FROM posts WHERE id = $1`, id); err != nil || !today {
		t.Errorf("published_on is not today in Tashkent (%v)", err)
	}
	if p := sitetest.Get(t, s.URL+"/news/"+placeholder); p.Resp.StatusCode != 404 {
		t.Errorf("the placeholder address after publication: %d, want 404 (never seen, never redirected)", p.Resp.StatusCode)
	}

	if st, body := call(t, "DELETE", api, editor, ""); st != 204 {
		t.Fatalf("delete: %d %s", st, body)
	}
	if p := sitetest.Get(t, page); p.Resp.StatusCode != 404 {
		t.Errorf("the deleted item's page: %d, want 404", p.Resp.StatusCode)
	}
	if p := sitetest.Get(t, list); strings.Contains(p.Body, title) {
		t.Error("/news still lists the deleted item")
	}
}

// create makes a blank entity of kind as editor and returns its id.
func create(t *testing.T, s *sitetest.Site, editor, kind string) int64 {
	t.Helper()
	st, body := call(t, "POST", s.URL+"/api/editor/"+kind, editor, "")
	var created struct {
		Data struct{ ID int64 } `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &created); st != 201 || err != nil || created.Data.ID == 0 {
		t.Fatalf("create %s: %d %s", kind, st, body)
	}
	return created.Data.ID
}
