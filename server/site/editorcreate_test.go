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

	st, body := call(t, "POST", s.URL+"/api/editor/faq", editor, "")
	var created struct {
		Data struct{ ID int64 } `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &created); st != 201 || err != nil || created.Data.ID == 0 {
		t.Fatalf("create: %d %s", st, body)
	}
	api := fmt.Sprintf("%s/api/editor/faq/%d", s.URL, created.Data.ID)
	if st, body := call(t, "POST", api+"/publish", editor, ""); st != 404 {
		t.Errorf("publishing a question without a draft: %d %s, want 404", st, body)
	}
	const question, answer = "Можно ли прийти без записи в выходной день?", "Да, в дежурные клиники."
	values := formValues(t, api, editor)
	values["question"] = map[string]any{"ru": question, "uz": "Dam olish kuni yozuvsiz kelsa bo'ladimi?"}
	values["answer"] = map[string]any{"ru": answer, "uz": "Ha, navbatchi klinikalarga."}
	b, _ := json.Marshal(values)
	st, body = call(t, "PUT", api+"/draft", editor, string(b))
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
	if err := s.DB.Get(&left, `SELECT count(*) FROM editorial_revisions WHERE kind = 'faq' AND entity_id = $1`, created.Data.ID); err != nil || left != 0 {
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
