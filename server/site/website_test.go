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

// TestClinicWebsite: a clinic's site is a link on its card that opens in
// a new tab and counts as "site opened"; the editor takes only https
// addresses (refused in the editor's language, beside the field), and an
// emptied field takes the link off the card.
func TestClinicWebsite(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	editor := editorUsers(t, s, sms, "749")["editor"]
	var c struct {
		ID      int64
		Slug    string
		Website string
	}
	if err := s.DB.Get(&c, `SELECT id, slug, website FROM clinics WHERE website IS NOT NULL ORDER BY id LIMIT 1`); err != nil {
		t.Fatalf("no seeded clinic with a website: %v", err)
	}
	page := s.URL + "/klinika/" + c.Slug + "/kontakty"
	link := func(t *testing.T) string {
		t.Helper()
		p := sitetest.Get(t, page)
		links := p.All(t, `a[data-track="site_opened"]`)
		if len(links) == 0 {
			return ""
		}
		a := links[0]
		if sitetest.Attr(a, "target") != "_blank" || !strings.Contains(sitetest.Attr(a, "rel"), "noopener") {
			t.Errorf("site link target %q rel %q", sitetest.Attr(a, "target"), sitetest.Attr(a, "rel"))
		}
		return sitetest.Attr(a, "href")
	}
	if got := link(t); got != c.Website {
		t.Fatalf("the card links %q, want the clinic's site %q", got, c.Website)
	}

	api := fmt.Sprintf("%s/api/editor/clinic/%d", s.URL, c.ID)
	draft := func(lang, site string) (int, string) {
		values := formValues(t, api, editor)
		values["website"] = map[string]any{"text": site}
		b, _ := json.Marshal(values)
		return call(t, "PUT", api+"/draft?lang="+lang, editor, string(b))
	}
	for _, test := range []struct{ lang, site, want string }{
		{"ru", "http://klinika.uz", "Адрес сайта вида https://klinika.uz."},
		{"uz", "https://", "Sayt manzili https://klinika.uz ko'rinishida."},
		{"ru", "javascript:alert(1)", "Адрес сайта вида https://klinika.uz."},
		{"uz", "https://klinika uz/", "Sayt manzili https://klinika.uz ko'rinishida."},
	} {
		st, body := draft(test.lang, test.site)
		wantRefused(t, st, body, map[string]string{"website": test.want})
	}

	const site = "https://shifo-med.example/uz/"
	st, body := draft("ru", site)
	if st != 200 {
		t.Fatalf("draft: %d %s", st, body)
	}
	if got := link(t); got != c.Website {
		t.Errorf("before publication the card links %q, want %q", got, c.Website)
	}
	if st, body := call(t, "POST", api+"/publish", editor, ""); st != 200 {
		t.Fatalf("publish: %d %s", st, body)
	}
	if got := link(t); got != site {
		t.Errorf("after publication the card links %q, want %q", got, site)
	}

	if st, body := draft("ru", ""); st != 200 {
		t.Fatalf("emptying the site: %d %s", st, body)
	}
	if st, body := call(t, "POST", api+"/publish", editor, ""); st != 200 {
		t.Fatalf("publish: %d %s", st, body)
	}
	if got := link(t); got != "" {
		t.Errorf("a clinic without a site links %q", got)
	}
	var stored *string
	if err := s.DB.Get(&stored, `SELECT website FROM clinics WHERE id = $1`, c.ID); err != nil || stored != nil {
		t.Errorf("an emptied site is stored as %v (%v), want NULL", stored, err)
	}
}
