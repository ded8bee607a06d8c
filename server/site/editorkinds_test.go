package site_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/editorial"
	"sogliq/server/site/sitetest"
)

// kindPaths are the path prefixes of the pages of each editable kind (the
// entity's slug follows). A kind added to editorial.Kinds must be added
// here, or TestEditorEveryKind fails.
var kindPaths = map[string]string{
	"doctor": "/doctor/", "clinic": "/klinika/", "specialty": "/doctors/",
	"disease": "/bolezn/", "symptom": "/simptom/", "medicine": "/product/",
	"article": "/article/", "news": "/news/", "promotion": "/promotion/",
	"service": "/uslugi/", "diagnostic": "/diagnostika/", "analysis": "/uslugi/analizy/",
	"faq":   "/faq",   // one page for every item: no slug
	"press": "/press", // listed only, newest first: no page of its own
	"info":  "/",      // each page its own route, named by its slug
}

// TestEditorEveryKind: for every kind the editor edits, a draft of its
// name or title in both languages stays off the public page, shows in the
// preview, and is on the page (rendered anew) once published; an entity of
// another scope (a news item edited as an article) is not found.
func TestEditorEveryKind(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	editor := editorUsers(t, s, sms, "740")["editor"]
	for _, k := range editorial.Kinds {
		t.Run(k.Name, func(t *testing.T) {
			prefix, ok := kindPaths[k.Name]
			if !ok {
				t.Fatalf("no page path for kind %q in kindPaths", k.Name)
			}
			field := titleField(k)
			if field == "" {
				return // doctors, clinics, specialties: TestEditorDraftPreviewPublish and the browser test
			}
			id, page := pickShown(t, s, k, prefix)
			api := fmt.Sprintf("%s/api/editor/%s/%d", s.URL, k.Name, id)
			values := formValues(t, api, editor)
			ru, uz := "Редакторская правка "+k.Name, "Muharrir tahriri "+k.Name
			values[field] = map[string]any{"ru": ru, "uz": uz}
			body, _ := json.Marshal(values)
			st, answer := call(t, "PUT", api+"/draft", editor, string(body))
			if st != 200 {
				t.Fatalf("draft: %d %s", st, answer)
			}
			if p := sitetest.Get(t, page); strings.Contains(p.Body, ru) {
				t.Errorf("%s shows the draft to a visitor", page)
			}
			var draft struct {
				Data struct {
					Preview map[string]string `json:"preview"`
				} `json:"data"`
			}
			if err := json.Unmarshal([]byte(answer), &draft); err != nil || draft.Data.Preview["uz"] == "" {
				t.Fatalf("no preview links: %v %s", err, answer)
			}
			if p := sitetest.Get(t, s.URL+draft.Data.Preview["uz"], "Cookie", editor); p.Resp.StatusCode != 200 || !strings.Contains(p.Body, uz) {
				t.Errorf("the Uzbek preview: %d, draft shown %v", p.Resp.StatusCode, strings.Contains(p.Body, uz))
			}
			if st, answer := call(t, "POST", api+"/publish", editor, ""); st != 200 {
				t.Fatalf("publish: %d %s", st, answer)
			}
			if p := sitetest.Get(t, page); !strings.Contains(p.Body, ru) || p.Resp.Header.Get("X-Cache") == "HIT" {
				t.Errorf("%s after publishing: new text %v, X-Cache %q", page, strings.Contains(p.Body, ru), p.Resp.Header.Get("X-Cache"))
			}
			if k.Scope != "" {
				var other int64
				if err := s.DB.Get(&other, `SELECT id FROM `+k.Table+` WHERE NOT (`+k.Scope+`) ORDER BY id LIMIT 1`); err == nil {
					if st, _ := call(t, "GET", fmt.Sprintf("%s/api/editor/%s/%d", s.URL, k.Name, other), editor, ""); st != 404 {
						t.Errorf("%s %d of another scope: %d, want 404", k.Name, other, st)
					}
				}
			}
		})
	}
}

// titleField is the name of k's translatable name or title field, for
// kinds whose page shows it ("" for the kinds tested on their own).
func titleField(k editorial.Kind) string {
	if k.Name == "doctor" || k.Name == "clinic" || k.Name == "specialty" {
		return ""
	}
	for _, f := range k.Fields {
		if f.Type == editorial.Text && f.Translatable && (f.Name == "name" || f.Name == "title" || f.Name == "question") {
			return f.Name
		}
	}
	return ""
}

// pickShown is an entity of k whose public page answers 200, and that page.
func pickShown(t *testing.T, s *sitetest.Site, k editorial.Kind, prefix string) (int64, string) {
	t.Helper()
	where := "true"
	if k.Scope != "" {
		where = k.Scope
	}
	var rows []struct {
		ID   int64  `db:"id"`
		Slug string `db:"slug"`
	}
	slug, order := "slug", "id"
	switch prefix {
	case "/faq":
		slug = "''"
	case "/press":
		// The list's first page shows the newest.
		slug, order = "''", "published_on DESC, id DESC"
	}
	if err := s.DB.Select(&rows, `SELECT id, `+slug+` AS slug FROM `+k.Table+` WHERE `+where+` ORDER BY `+order+` LIMIT 20`); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		page := s.URL + prefix + r.Slug
		if p := sitetest.Get(t, page); p.Resp.StatusCode == 200 {
			return r.ID, page
		}
	}
	t.Fatalf("no %s among %d whose page answers 200", k.Name, len(rows))
	return 0, ""
}

// formValues are the values of the editor's form at api.
func formValues(t *testing.T, api, editor string) map[string]any {
	t.Helper()
	st, body := call(t, "GET", api, editor, "")
	if st != 200 {
		t.Fatalf("form: %d %s", st, body)
	}
	var form struct {
		Data struct {
			Values map[string]any `json:"values"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &form); err != nil {
		t.Fatal(err)
	}
	return form.Data.Values
}

// wantRefused checks an answer is a 422 whose fields are want.
func wantRefused(t *testing.T, st int, body string, want map[string]string) {
	t.Helper()
	var answer struct {
		Fields map[string]string `json:"fields"`
	}
	_ = json.Unmarshal([]byte(body), &answer)
	if st != 422 {
		t.Fatalf("status %d, want 422: %s", st, body)
	}
	if diff := cmp.Diff(want, answer.Fields); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
}

// previewThenPublish follows a saved draft (draft is the PUT's answer,
// with its preview links): a visitor's page does not show text, the
// Russian preview does, and once the draft is published the page does.
func previewThenPublish(t *testing.T, s *sitetest.Site, api, editor, draft, page, text string) {
	t.Helper()
	if p := sitetest.Get(t, page); strings.Contains(p.Body, text) {
		t.Errorf("%s shows the draft to a visitor", page)
	}
	var answer struct {
		Data struct {
			Preview map[string]string `json:"preview"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(draft), &answer); err != nil || answer.Data.Preview["ru"] == "" {
		t.Fatalf("no preview links: %v %s", err, draft)
	}
	if p := sitetest.Get(t, s.URL+answer.Data.Preview["ru"], "Cookie", editor); !strings.Contains(p.Body, text) {
		t.Errorf("the preview does not show the draft (%d)", p.Resp.StatusCode)
	}
	if st, body := call(t, "POST", api+"/publish", editor, ""); st != 200 {
		t.Fatalf("publish: %d %s", st, body)
	}
	if p := sitetest.Get(t, page); !strings.Contains(p.Body, text) {
		t.Errorf("%s after publishing does not show the draft's change", page)
	}
}
