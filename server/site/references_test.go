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

// TestPublishedSpecialtyShowsOnItsListings: the catalog holds a
// specialty its listings read (catalog's references); an editor's
// published rename shows on the very next listing, in both languages,
// with no wait for the purge to travel.
func TestPublishedSpecialtyShowsOnItsListings(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	editor := editorUsers(t, s, sms, "741")["editor"]
	var specialty struct {
		ID   int64  `db:"id"`
		Slug string `db:"slug"`
	}
	if err := s.DB.Get(&specialty, `SELECT id, slug FROM specialties WHERE slug = 'kardiolog'`); err != nil {
		t.Fatal(err)
	}
	listings := map[string]string{"ru": s.URL + "/doctors/" + specialty.Slug, "uz": s.URL + "/uz/doctors/" + specialty.Slug}
	for _, u := range listings {
		if p := sitetest.Get(t, u); p.Resp.StatusCode != 200 {
			t.Fatalf("%s: %d", u, p.Resp.StatusCode)
		}
	}
	api := fmt.Sprintf("%s/api/editor/specialty/%d", s.URL, specialty.ID)
	values := formValues(t, api, editor)
	names := map[string]string{"ru": "Кардиологи после правки", "uz": "Tahrirdan keyingi kardiologlar"}
	values["name"] = map[string]any{"ru": names["ru"], "uz": names["uz"]}
	body, _ := json.Marshal(values)
	if st, answer := call(t, "PUT", api+"/draft", editor, string(body)); st != 200 {
		t.Fatalf("draft: %d %s", st, answer)
	}
	if st, answer := call(t, "POST", api+"/publish", editor, ""); st != 200 {
		t.Fatalf("publish: %d %s", st, answer)
	}
	// The heading is the specialty's (the cards name it too, from their
	// own rows).
	for lang, u := range listings {
		p := sitetest.Get(t, u)
		_, rest, _ := strings.Cut(p.Body, `<h1 class="page-title">`)
		heading, _, _ := strings.Cut(rest, "</h1>")
		if !strings.Contains(heading, names[lang]) {
			t.Errorf("%s after the rename was published: heading %q, want the new name %q (X-Cache %s)", u, heading, names[lang], p.Resp.Header.Get("X-Cache"))
		}
	}
}
